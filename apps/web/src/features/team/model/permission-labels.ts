import { PERMISSIONS, type Permission } from '@kontor/domain/permissions';

/** The label of each permission in the `team` namespace (`permissions.<key>`); i18next keys cannot hold ':'. */
export const PERMISSION_LABEL_KEYS = {
  'payment_runs:manage': 'permissions.paymentRuns',
  'bank_accounts:manage': 'permissions.bankAccounts',
  'ar_invoices:manage': 'permissions.receivables',
  'ap_invoices:manage': 'permissions.payables',
  'team_members:manage': 'permissions.team',
  'purchase_order:manage': 'permissions.purchaseOrders',
} as const satisfies Record<Permission, string>;

/** Permissions in the closed list's order, whatever order they were stored in. */
export function orderedPermissions(permissions: readonly Permission[]): Permission[] {
  return PERMISSIONS.filter((permission) => permissions.includes(permission));
}
