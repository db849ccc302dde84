import { hasPermission, type Permission, type Role } from '@kontor/domain/permissions';

interface Who {
  user: { role: Role };
  permissions: readonly Permission[];
}

/** Creating, editing and deleting counterparties: admin, or whoever manages payables or receivables. */
export function canManageCounterparties(who: Who): boolean {
  return hasPermission(who.user.role, who.permissions, ['ap_invoices:manage', 'ar_invoices:manage']);
}

/** Trust decides who gets paid without a second look: admin or the payment-run managers only. */
export function canManageTrust(who: Who): boolean {
  return hasPermission(who.user.role, who.permissions, 'payment_runs:manage');
}
