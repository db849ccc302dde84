import { eq, type SQL } from 'drizzle-orm';
import { hasPermission } from '@kontor/domain';
import { invoices } from '../../db/schema';
import type { OrgContext } from '../../plugins/session';

/**
 * Who sees which invoice (SPEC §6). `ap_invoices:manage` (and admin) see every invoice of the
 * organisation; everyone else only what they uploaded. The Approval flows issue extends this
 * one place with "… or must approve it", so list, detail and actions change together.
 */
export function canSeeAllInvoices(org: OrgContext): boolean {
  return hasPermission(org.role, org.permissions, 'ap_invoices:manage');
}

/** The SQL condition that limits invoices to the visible ones; undefined = no limit. */
export function invoiceVisibility(org: OrgContext): SQL | undefined {
  if (canSeeAllInvoices(org)) return undefined;
  return eq(invoices.uploadedBy, org.userId);
}
