import { sql } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import type { ZipStream } from '../../lib/zip-stream';
import type { FileStorage } from '../../plugins/foundation-types';
import { documentEntriesOf, NameRegistry, type DocumentEntry, type IndexedInvoice } from './document-entries';
import type { ItemBatch } from './job-items';
import type { DownloadJobRow } from './job-repo';

/** What the documents' pass wrote, and what it found gone from storage since the check. */
export interface DocumentPass {
  indexed: IndexedInvoice[];
  /** Invoices (an invoice export) whose files were gone: they leave the export. */
  leftOut: string[];
  /** Invoices whose files were gone, whatever the source (a payment run books them without document). */
  missing: number;
}

type Opened = { entry: DocumentEntry; stream: AsyncIterable<Uint8Array> };

/** Closes streams opened for an invoice that is left out (a local file handle, an S3 response). */
async function close(opened: readonly Opened[]): Promise<void> {
  for (const { stream } of opened) await stream[Symbol.asyncIterator]().return?.();
}

/**
 * The documents (and a complete export's attachments) into the zip, invoice by invoice (issue 58).
 * Each invoice's files are opened before the first is written: when one is gone from storage since
 * the check, none of them goes in and the invoice is reported instead of failing the whole job.
 * This pass runs before the booking file is written, so that the bookings can leave it out too.
 */
export async function writeDocuments(
  zip: ZipStream,
  storage: FileStorage,
  job: DownloadJobRow,
  batches: AsyncIterable<ItemBatch>,
  onBatch: (size: number) => void,
): Promise<DocumentPass> {
  const names = new NameRegistry();
  const pass: DocumentPass = { indexed: [], leftOut: [], missing: 0 };
  for await (const batch of batches) {
    const { entries, indexed } = documentEntriesOf(batch, job.type, names);
    for (const row of indexed) {
      const own = entries.filter((entry) => entry.file.invoiceId === row.invoiceId);
      const opened: Opened[] = [];
      let isComplete = true;
      for (const entry of own) {
        const stored = await storage.getStream(entry.file.storageKey);
        if (!stored) {
          isComplete = false;
          break;
        }
        opened.push({ entry, stream: stored.stream });
      }
      if (!isComplete) {
        await close(opened);
        pass.missing += 1;
        if (job.source === 'invoices') {
          pass.leftOut.push(row.invoiceId);
          continue;
        }
        // A payment run is booked whole: its payment stays, without document in the zip.
        pass.indexed.push({ ...row, document: null, attachments: [] });
        continue;
      }
      for (const { entry, stream } of opened) {
        await zip.addEntry(entry.name, stream, { compress: !/^(application\/pdf|image\/)/.test(entry.file.contentType) });
      }
      pass.indexed.push(row);
    }
    onBatch(batch.size);
  }
  return pass;
}

/**
 * Invoices whose document was gone leave the job (its items and its claim: they stay ready to
 * export) with a history entry each, and the job counts them, in one transaction. A retry of the
 * job no longer has them among its items, so they are counted once.
 */
export async function leaveOut(tx: Tx, orgId: OrgId, job: DownloadJobRow, pass: DocumentPass): Promise<void> {
  if (pass.missing === 0) return;
  const ids = sql`${`{${pass.leftOut.join(',')}}`}::uuid[]`;
  if (pass.leftOut.length > 0) {
    await tx.execute(sql`
      delete from download_job_items where organization_id = ${orgId} and job_id = ${job.id} and invoice_id = any(${ids})`);
    await tx.execute(sql`
      update invoices set exporting_job_id = null
       where organization_id = ${orgId} and exporting_job_id = ${job.id} and id = any(${ids})`);
    await tx.execute(sql`
      insert into activity_log (organization_id, entity_type, entity_id, action, actor_type, actor_id, changes)
      select ${orgId}, 'invoice', id::text, 'export_left_out', ${job.createdBy ? 'user' : 'system'}, ${job.createdBy},
             jsonb_build_object('exportId', ${job.id}::text, 'reason', 'document_missing')
        from unnest(${ids}) as t(id)`);
  }
  await tx.execute(sql`
    update download_jobs
       set item_count = item_count - ${pass.leftOut.length},
           -- An invoice export's retry no longer has what it left out; a payment run's finds it again.
           missing_document_count = ${job.source === 'invoices' ? sql`missing_document_count + ` : sql``}${pass.missing}
     where organization_id = ${orgId} and id = ${job.id} and status = 'processing'`);
}
