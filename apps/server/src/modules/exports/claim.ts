import { sql } from 'drizzle-orm';
import type { createExportBodySchema, Locale } from '@kontor/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/database';
import { downloadJobs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import type { CheckOutcome } from './export-check-run';

type CreateBody = z.output<typeof createExportBodySchema>;

/** Ids per claiming statement. */
const CLAIM_BATCH = 5_000;

/**
 * Creates the download job and claims what it exports, in one transaction: each invoice (or the
 * run) gets the job as its exporting job, only where no other export holds it and its status
 * still allows the export. A second export of the same invoices waits for the first one's row
 * locks, then finds them claimed and is told so (issue 41, "one wins, the other is told").
 */
export async function claimForExport(
  tx: Tx,
  org: OrgContext,
  body: CreateBody,
  outcome: CheckOutcome,
  locale: Locale,
): Promise<{ id: string }> {
  const { resolved, exportableIds } = outcome;
  const [job] = await tx
    .insert(downloadJobs)
    .values({
      organizationId: org.orgId,
      kind: 'accounting_export',
      source: resolved.source,
      format: body.format,
      type: body.type,
      exportAgain: body.exportAgain,
      selection: body.selection,
      locale,
      exchangeRates: body.exchangeRates,
      paymentRunId: resolved.paymentRunId,
      itemCount: exportableIds.length,
      bookingCount: outcome.check.bookings,
      createdBy: org.userId,
    })
    .returning({ id: downloadJobs.id });
  const jobId = job!.id;

  if (resolved.source === 'payment_run') {
    const claimed = await tx.execute(sql`
      update payment_runs set exporting_job_id = ${jobId}
       where organization_id = ${org.orgId} and id = ${resolved.paymentRunId} and exporting_job_id is null
         and status = 'exported' ${body.exportAgain ? sql`` : sql`and last_accounting_export_id is null`}`);
    if ((claimed.rowCount ?? 0) === 0) throw new AppError('export_conflict', { count: exportableIds.length });
  } else {
    // Approved invoices (the status machine's only way to exported), and exported ones only when asked again.
    const statuses = body.exportAgain ? ['approved', 'exported'] : ['approved'];
    for (let start = 0; start < exportableIds.length; start += CLAIM_BATCH) {
      const batch = exportableIds.slice(start, start + CLAIM_BATCH);
      const claimed = await tx.execute(sql`
        update invoices set exporting_job_id = ${jobId}
         where organization_id = ${org.orgId} and id = any(${`{${batch.join(',')}}`}::uuid[])
           and exporting_job_id is null and status = any(${`{${statuses.join(',')}}`}::text[])`);
      const missing = batch.length - (claimed.rowCount ?? 0);
      if (missing > 0) throw new AppError('export_conflict', { count: missing });
    }
  }
  const column = resolved.source === 'payment_run' ? sql`transaction_id` : sql`invoice_id`;
  for (let start = 0; start < exportableIds.length; start += CLAIM_BATCH) {
    const batch = exportableIds.slice(start, start + CLAIM_BATCH);
    await tx.execute(sql`
      insert into download_job_items (organization_id, job_id, position, ${column})
      select ${org.orgId}, ${jobId}, ${start} + ordinality::int - 1, id
        from unnest(${`{${batch.join(',')}}`}::uuid[]) with ordinality as t(id, ordinality)`);
  }
  return { id: jobId };
}
