import { sql } from 'drizzle-orm';
import { nextInvoiceStatus } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import type { DownloadJobRow } from './job-repo';

export interface WrittenExport {
  key: string;
  fileName: string;
  size: number;
  sha256: string;
  contentType: string;
  newCounterpartyIds: readonly string[];
}

const EXPORTED = nextInvoiceStatus('approved', 'export');

/**
 * The end of an export, all or nothing (issue 41 item 6): the job is completed with its file, its
 * invoices become exported (status, export id and time) and leave the claim, each gets its
 * history entry, a payment run records its accounting export. False when the job had ended
 * meanwhile (given up by the sweep): then nothing changes.
 */
export async function completeExport(tx: Tx, orgId: OrgId, job: DownloadJobRow, written: WrittenExport): Promise<boolean> {
  if (EXPORTED !== 'exported') throw new Error('the invoice status table no longer exports approved invoices');
  const completed = await tx.execute(sql`
    update download_jobs
       set status = 'completed', file_key = ${written.key}, file_name = ${written.fileName}, file_size = ${written.size},
           file_sha256 = ${written.sha256}, content_type = ${written.contentType}, done_count = item_count, finished_at = now()
     where organization_id = ${orgId} and id = ${job.id} and status = 'processing'`);
  if ((completed.rowCount ?? 0) === 0) return false;
  const actorId = job.createdBy;
  const details = sql`'exportId', ${job.id}::text, 'format', ${job.format}::text, 'type', ${job.type}::text`;
  if (job.source === 'invoices') {
    // The status before the update comes from the locked rows, for the history's "approved → exported".
    await tx.execute(sql`
      with before as (
        select i.id, i.status from invoices i
         where i.organization_id = ${orgId} and i.exporting_job_id = ${job.id}
         for update),
      moved as (
        update invoices i
           set status = case when before.status = 'approved' then ${EXPORTED} else i.status end,
               exporting_job_id = null, last_export_id = ${job.id}, exported_at = now(), version = i.version + 1,
               updated_at = now()
          from before
         where i.organization_id = ${orgId} and i.id = before.id
        returning i.id, before.status as before_status)
      insert into activity_log (organization_id, entity_type, entity_id, action, actor_type, actor_id, changes)
      select ${orgId}, 'invoice', moved.id::text, 'export', ${actorId ? 'user' : 'system'}, ${actorId},
             jsonb_build_object(${details}, 'exportAgain', moved.before_status <> 'approved')
               || case when moved.before_status = 'approved'
                       then jsonb_build_object('status', jsonb_build_object('from', 'approved', 'to', ${EXPORTED}::text))
                       else '{}'::jsonb end
        from moved`);
  } else {
    await tx.execute(sql`
      with moved as (
        update payment_runs
           set exporting_job_id = null, last_accounting_export_id = ${job.id}, accounting_exported_at = now()
         where organization_id = ${orgId} and exporting_job_id = ${job.id}
        returning id)
      insert into activity_log (organization_id, entity_type, entity_id, action, actor_type, actor_id, changes)
      select ${orgId}, 'payment_run', moved.id::text, 'export', ${actorId ? 'user' : 'system'}, ${actorId},
             jsonb_build_object(${details}, 'accounting', true, 'exportAgain', ${job.exportAgain}::boolean)
        from moved`);
  }
  if (written.newCounterpartyIds.length > 0) {
    await tx.execute(sql`
      insert into exported_counterparties (organization_id, format, counterparty_id, first_job_id)
      select ${orgId}, ${job.format}, id, ${job.id} from unnest(${`{${written.newCounterpartyIds.join(',')}}`}::uuid[]) as t(id)
      on conflict do nothing`);
  }
  return true;
}
