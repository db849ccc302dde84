import { nextInvoiceStatus, type Invoice, type InvoiceStatus } from '@kontor/domain';
import { AppError, isAppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { endInvoiceApprovals } from '../approvals/end-invoice-approvals';
import { deleteRequestsOf } from '../approvals/request-repo';
import { deleteInvoiceRow, findStatusBeforeArchive, loadInvoiceParts, updateInvoiceVersioned, type InvoiceInsert } from './repo';
import { actorOf, findVisibleInvoice, readInvoice, statusRefusal, tenant, type InvoiceService } from './service';

type StatusAction = 'cancel' | 'archive' | 'restore';

/**
 * Status changes (SPEC §4). Each one locks the row, asks the transition table in
 * packages/domain and refuses anything it does not list; the version guards stale screens.
 */
export class InvoiceActions {
  constructor(private readonly service: InvoiceService) {}

  cancel(org: OrgContext, id: string, body: { reason: string; version: number }): Promise<Invoice> {
    return this.changeStatus(org, id, 'cancel', body.version, body.reason);
  }

  archive(org: OrgContext, id: string, version: number | null): Promise<Invoice> {
    return this.changeStatus(org, id, 'archive', version);
  }

  restore(org: OrgContext, id: string, version: number): Promise<Invoice> {
    return this.changeStatus(org, id, 'restore', version);
  }

  /** Deletes an invoice nobody has worked on yet; its files go after the commit. */
  async delete(org: OrgContext, id: string, version: number | undefined): Promise<void> {
    const keys = await this.service.database.withOrg(tenant(org), async (tx) => {
      const row = await findVisibleInvoice(tx, org, id, { lock: true });
      // Checked after the id so that an unknown id answers 404, as on every other route.
      if (version === undefined) throw new AppError('validation_failed', undefined, { fieldErrors: { version: ['required'] } });
      if (row.version !== version) throw new AppError('stale_version');
      if (nextInvoiceStatus(row.status, 'delete') !== 'deleted') throw statusRefusal(row.status, 'invoice_action_refused');
      const { files } = await loadInvoiceParts(tx, org.orgId, id);
      // Reset requests of a new invoice are history of an invoice that no longer exists.
      await deleteRequestsOf(tx, org.orgId, 'invoice', id);
      await deleteInvoiceRow(tx, org.orgId, id);
      await writeActivity(tx, org.orgId, {
        entityType: 'invoice',
        entityId: id,
        action: 'delete',
        actor: actorOf(org),
        changes: { invoiceNumber: row.invoiceNumber, files: files.map((file) => file.fileName) },
      });
      return files.map((file) => file.storageKey);
    });
    await Promise.all(keys.map((key) => this.service.storage.delete(key).catch(() => {})));
  }

  /** One transaction per invoice, so that one refusal does not block the others. */
  async bulkArchive(org: OrgContext, ids: string[]): Promise<{ archived: string[]; failed: { id: string; code: string }[] }> {
    const archived: string[] = [];
    const failed: { id: string; code: string }[] = [];
    for (const id of new Set(ids)) {
      try {
        await this.changeStatus(org, id, 'archive', null);
        archived.push(id);
      } catch (error) {
        if (!isAppError(error)) throw error;
        failed.push({ id, code: error.code });
      }
    }
    return { archived, failed };
  }

  private async changeStatus(
    org: OrgContext,
    id: string,
    action: StatusAction,
    version: number | null,
    reason?: string,
  ): Promise<Invoice> {
    return this.service.database.withOrg(tenant(org), async (tx) => {
      const row = await findVisibleInvoice(tx, org, id, { lock: true });
      if (version !== null && row.version !== version) throw new AppError('stale_version');
      // An archived invoice goes back to where it was archived from when that was booked (the table decides).
      const priorStatus =
        action === 'restore' && row.status === 'archived' ? await findStatusBeforeArchive(tx, org.orgId, id) : null;
      const next = nextInvoiceStatus(row.status, action, priorStatus);
      if (next === null || next === 'deleted') throw statusRefusal(row.status, 'invoice_action_refused');
      // Cancelling or archiving an invoice whose approvals a Reset could end (in approval, approved,
      // rejected) ends them by the Reset's rule: nobody keeps waiting for it, its open payment goes,
      // and an approved or exported payment refuses. A booked (exported, imported) invoice keeps its
      // approvals and payment as the record of what was booked and paid.
      if ((action === 'cancel' || action === 'archive') && nextInvoiceStatus(row.status, 'reset') !== null) {
        await endInvoiceApprovals(tx, org.orgId, row, actorOf(org), action, ['pending', 'approved']);
      }
      const patch = statusPatch(next, reason);
      const updated = await updateInvoiceVersioned(tx, org.orgId, id, row.version, patch);
      if (!updated) throw new AppError('stale_version');
      await writeActivity(tx, org.orgId, {
        entityType: 'invoice',
        entityId: id,
        // The log has no archive/restore verbs (SPEC §3): those are status updates.
        action: action === 'cancel' ? 'cancel' : 'update',
        actor: actorOf(org),
        changes: {
          status: { from: row.status, to: next },
          ...(reason !== undefined ? { reason } : {}),
          ...(action === 'restore' && row.cancelReason ? { cancelReason: { from: row.cancelReason, to: null } } : {}),
        },
      });
      return readInvoice(tx, org.orgId, updated);
    });
  }
}

function statusPatch(next: InvoiceStatus, reason: string | undefined): Partial<InvoiceInsert> {
  if (next === 'cancelled') return { status: next, cancelReason: reason ?? null, archivedAt: new Date() };
  if (next === 'archived') return { status: next, archivedAt: new Date() };
  // Restored (to new, or to the booked status it was archived from): the cancel reason no longer applies.
  return { status: next, cancelReason: null, archivedAt: null };
}
