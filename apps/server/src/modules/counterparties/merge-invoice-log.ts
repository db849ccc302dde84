import type { OrgId, Tx } from '../../db/database';
import { activityLog } from '../../db/schema';
import type { Actor } from '../activity-log/writer';

/**
 * Each invoice a merge touches keeps its own trace (ARCHITECTURE §3.7): the counterparty it moved
 * from and to, and the counterparty name it showed before, when that changed too. One insert for
 * all of them: a merged supplier can have hundreds of invoices.
 */
export async function logMovedInvoices(
  tx: Tx,
  orgId: OrgId,
  actor: Actor,
  change: {
    mergedId: string;
    survivorId: string;
    movedInvoices: { id: string }[];
    renamed: { id: string; oldName: string }[];
    newName: string;
  },
): Promise<void> {
  const entries = new Map<string, Record<string, { from: unknown; to: unknown }>>();
  for (const invoice of change.movedInvoices) {
    entries.set(invoice.id, { counterparty: { from: change.mergedId, to: change.survivorId } });
  }
  for (const invoice of change.renamed) {
    entries.set(invoice.id, { ...entries.get(invoice.id), counterpartyName: { from: invoice.oldName, to: change.newName } });
  }
  if (entries.size === 0) return;
  await tx.insert(activityLog).values(
    [...entries].map(([invoiceId, changes]) => ({
      organizationId: orgId,
      entityType: 'invoice',
      entityId: invoiceId,
      action: 'update',
      actorType: actor.type,
      actorId: actor.id ?? null,
      changes,
    })),
  );
}
