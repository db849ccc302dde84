import { z } from 'zod';

/** The permission strings of SPEC §6: a closed list. Admin passes every check. */
export const PERMISSIONS = [
  'payment_runs:manage',
  'bank_accounts:manage',
  'ar_invoices:manage',
  'ap_invoices:manage',
  'team_members:manage',
  'purchase_order:manage',
] as const;

export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

export const ROLES = ['admin', 'user'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const permissionListSchema = z.array(permissionSchema);

/** Admin passes every check; a user needs the permission itself. */
export function hasPermission(role: Role, granted: readonly Permission[], required: Permission | readonly Permission[]): boolean {
  if (role === 'admin') return true;
  const anyOf: readonly Permission[] = typeof required === 'string' ? [required] : required;
  return anyOf.some((permission) => granted.includes(permission));
}

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
