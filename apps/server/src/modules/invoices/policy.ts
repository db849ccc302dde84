import { eq, or, sql, type SQL } from 'drizzle-orm';
import { hasPermission } from '@kontor/domain';
import { approvalItems, invoices } from '../../db/schema';
import type { OrgContext } from '../../plugins/session';

/**
 * Who sees which invoice (SPEC §6). `ap_invoices:manage` (and admin) see every invoice of the
 * organisation; everyone else what they uploaded or are an approver of (in any request, so an
 * approver keeps seeing what they decided). One place, so list, detail and actions agree.
 */
export function canSeeAllInvoices(org: OrgContext): boolean {
  return hasPermission(org.role, org.permissions, 'ap_invoices:manage');
}

/** The SQL condition that limits invoices to the visible ones; undefined = no limit. */
export function invoiceVisibility(org: OrgContext): SQL | undefined {
  return canSeeAllInvoices(org) ? undefined : ownInvoicesCondition(org.userId);
}

/**
 * The invoices a caller who does not see all of them sees: those they uploaded or are an approver
 * of, the caller's id a value or a statement template's slot (db/statement-templates.ts).
 */
export function ownInvoicesCondition(userId: string | SQL): SQL {
  // An index probe per invoice (approval_items_approver_entity_idx), not a scan of the approvals.
  return or(
    eq(invoices.uploadedBy, userId),
    sql`exists (select 1 from ${approvalItems} where ${approvalItems.organizationId} = ${invoices.organizationId}
          and ${approvalItems.approverId} = ${userId} and ${approvalItems.entityId} = ${invoices.id})`,
  )!;
}
