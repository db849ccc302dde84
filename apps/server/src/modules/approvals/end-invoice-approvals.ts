import { invoiceResetRefusal } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import type { Actor } from '../activity-log/writer';
import type { InvoiceRow } from '../invoices/repo';
import { deleteTransactionOfInvoice, findLinkedTransactionStatus } from '../transactions/from-invoice';
import { resetRefusalError } from './approval-checks';
import { resetCurrentRequest, type ResetCause } from './request-lifecycle';
import type { RequestRow } from './request-repo';

/**
 * SPEC §4: "A reset removes all approvals and deletes a linked transaction", and is refused while
 * that transaction is approved or exported. Every path that ends an invoice's approvals follows
 * this one rule — the Reset action, an edit of who is paid how much, cancel and archive — or the
 * old payment would stay open and a later approval would pay the old figures. All of it happens in
 * the caller's transaction (the invoice row is locked): the closed request and the deleted payment
 * each leave their activity-log entry, the caller logs the invoice's own status change.
 *
 * The refusal is the Reset's (same codes and words): an invoice that is not in approval, approved
 * or rejected has no approvals to end and is refused (the Reset answers that; cancel and archive
 * only come here for invoices that have some); a payment in a run under approval refuses too
 * (deleteTransactionOfInvoice: the run must be reset first).
 */
export async function endInvoiceApprovals(
  tx: Tx,
  orgId: OrgId,
  invoice: InvoiceRow,
  actor: Actor,
  cause: ResetCause,
  statuses?: readonly RequestRow['status'][],
): Promise<void> {
  await assertInvoiceApprovalsCanEnd(tx, orgId, invoice);
  await resetCurrentRequest(tx, orgId, { type: 'invoice', id: invoice.id }, actor, cause, statuses);
  await deleteTransactionOfInvoice(tx, orgId, invoice.id, actor, { reason: 'invoice_reset', cause });
}

/** The Reset's refusal on its own, for a caller that has to answer it before anything else. */
export async function assertInvoiceApprovalsCanEnd(tx: Tx, orgId: OrgId, invoice: InvoiceRow): Promise<void> {
  const refusal = invoiceResetRefusal(invoice.status, await findLinkedTransactionStatus(tx, orgId, invoice.id));
  if (refusal) throw resetRefusalError(refusal, invoice.status);
}
