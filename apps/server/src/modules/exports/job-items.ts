import { sql } from 'drizzle-orm';
import type { Database, OrgId, TenantContext } from '../../db/database';
import { readExportPayments, type ExportPaymentRow } from './export-payments';
import { readExportInvoices, readExportFiles, type ExportFileRow, type ExportInvoiceRow } from './export-rows';
import { SELECTION_BATCH } from './selection';

/** One batch of a job's items as the writers need them: invoices or payments, with their files where asked. */
export interface ItemBatch {
  invoices: ExportInvoiceRow[];
  payments: ExportPaymentRow[];
  /** By invoice id: documents first, then attachments. */
  files: Map<string, ExportFileRow[]>;
  size: number;
}

/**
 * Walks a job's items in file order, one read-only statement set per batch (on a connection of
 * its own: these reads are long). The claim keeps the invoices as they were checked meanwhile.
 */
export async function* readJobItems(
  database: Database,
  context: TenantContext,
  jobId: string,
  options: { source: 'invoices' | 'payment_run'; withFiles: boolean },
): AsyncGenerator<ItemBatch> {
  const orgId: OrgId = context.orgId;
  let after = -1;
  for (;;) {
    const batch = await database.withOrg(
      context,
      async (tx) => {
        const result = await tx.execute<{
          [key: string]: unknown;
          position: number;
          invoice_id: string | null;
          transaction_id: string | null;
        }>(sql`
          select position, invoice_id, transaction_id from download_job_items
           where organization_id = ${orgId} and job_id = ${jobId} and position > ${after}
           order by position limit ${SELECTION_BATCH}`);
        const rows = result.rows;
        if (rows.length === 0) return null;
        after = rows.at(-1)!.position;
        const payments =
          options.source === 'payment_run'
            ? await readExportPayments(
                tx,
                orgId,
                rows.map((row) => row.transaction_id!),
              )
            : [];
        const invoices =
          options.source === 'invoices'
            ? await readExportInvoices(
                tx,
                orgId,
                rows.map((row) => row.invoice_id!),
              )
            : [];
        const invoiceIds =
          options.source === 'invoices'
            ? invoices.map((row) => row.id)
            : payments.flatMap((row) => (row.invoiceId ? [row.invoiceId] : []));
        const files = new Map<string, ExportFileRow[]>();
        if (options.withFiles) {
          for (const file of await readExportFiles(tx, orgId, invoiceIds)) {
            const list = files.get(file.invoiceId) ?? [];
            list.push(file);
            files.set(file.invoiceId, list);
          }
        }
        return { invoices, payments, files, size: rows.length, isLast: rows.length < SELECTION_BATCH };
      },
      { readOnly: true, ownConnection: true },
    );
    if (!batch) return;
    yield batch;
    if (batch.isLast) return;
  }
}
