import { sql, type SQL } from 'drizzle-orm';
import type { DownloadJobKind, DownloadJobStatus, ExportFormat, ExportSelection, ExportSource, ExportType } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';

export interface DownloadJobRow {
  id: string;
  kind: DownloadJobKind;
  status: DownloadJobStatus;
  source: ExportSource;
  format: ExportFormat;
  type: ExportType;
  exportAgain: boolean;
  selection: ExportSelection;
  locale: 'de' | 'en';
  exchangeRates: Record<string, string>;
  paymentRunId: string | null;
  paymentRunNumber: number | null;
  itemCount: number;
  doneCount: number;
  bookingCount: number | null;
  missingDocumentCount: number;
  fileKey: string | null;
  fileName: string | null;
  fileSize: number | null;
  contentType: string | null;
  failureCode: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
  createdAt: Date;
  /** created_at as PostgreSQL writes it, to the microsecond: the keyset cursor (a Date keeps milliseconds). */
  createdAtKey: string;
  finishedAt: Date | null;
}

interface RawJob {
  [key: string]: unknown;
  id: string;
  kind: DownloadJobKind;
  status: DownloadJobStatus;
  source: ExportSource;
  format: ExportFormat;
  type: ExportType;
  export_again: boolean;
  selection: ExportSelection;
  locale: 'de' | 'en';
  exchange_rates: Record<string, string>;
  payment_run_id: string | null;
  payment_run_number: number | null;
  item_count: number;
  done_count: number;
  booking_count: number | null;
  missing_document_count: number;
  file_key: string | null;
  file_name: string | null;
  file_size: bigint | null;
  content_type: string | null;
  failure_code: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_by_email: string | null;
  created_at: Date;
  created_at_key: string;
  finished_at: Date | null;
}

export interface JobFilter {
  id?: string;
  /** Only the jobs of the sources the caller may see. */
  sources?: readonly ExportSource[];
  createdBy?: string;
  /** Keyset: jobs created before this one (newest first). */
  after?: { createdAt: string; id: string } | null;
  limit: number;
}

/** Download jobs with their requester's name and run number, newest first. */
export async function findDownloadJobs(tx: Tx, orgId: OrgId, filter: JobFilter): Promise<DownloadJobRow[]> {
  const conditions: SQL[] = [sql`j.organization_id = ${orgId}`];
  if (filter.id) conditions.push(sql`j.id = ${filter.id}`);
  if (filter.sources) {
    if (filter.sources.length === 0) return [];
    conditions.push(sql`j.source = any(${`{${filter.sources.join(',')}}`}::text[])`);
  }
  if (filter.createdBy) conditions.push(sql`j.created_by = ${filter.createdBy}`);
  if (filter.after)
    conditions.push(sql`(j.created_at, j.id) < (${filter.after.createdAt}::timestamptz, ${filter.after.id}::uuid)`);
  const result = await tx.execute<RawJob>(sql`
    select j.id, j.kind, j.status, j.source, j.format, j.type, j.export_again, j.selection, j.locale, j.exchange_rates,
           j.payment_run_id, r.number as payment_run_number, j.item_count, j.done_count, j.booking_count, j.missing_document_count,
           j.file_key,
           j.file_name, j.file_size, j.content_type, j.failure_code, j.created_by, u.name as created_by_name,
           u.email as created_by_email, j.created_at, j.created_at::text as created_at_key, j.finished_at
      from download_jobs j
      left join payment_runs r on r.organization_id = j.organization_id and r.id = j.payment_run_id
      left join users u on u.id = j.created_by
     where ${sql.join(conditions, sql` and `)}
     order by j.created_at desc, j.id desc
     limit ${filter.limit}`);
  return result.rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    source: row.source,
    format: row.format,
    type: row.type,
    exportAgain: row.export_again,
    selection: row.selection,
    locale: row.locale,
    exchangeRates: row.exchange_rates,
    paymentRunId: row.payment_run_id,
    paymentRunNumber: row.payment_run_number,
    itemCount: row.item_count,
    doneCount: row.done_count,
    bookingCount: row.booking_count,
    missingDocumentCount: row.missing_document_count,
    fileKey: row.file_key,
    fileName: row.file_name,
    fileSize: row.file_size === null ? null : Number(row.file_size),
    contentType: row.content_type,
    failureCode: row.failure_code,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdByEmail: row.created_by_email,
    createdAt: new Date(row.created_at),
    createdAtKey: row.created_at_key,
    finishedAt: row.finished_at ? new Date(row.finished_at) : null,
  }));
}

/** Releases what a job claimed and marks it failed, unless it already ended. */
/**
 * Fails a processing job and releases what it held. Answers whether it did, and the key of a file
 * the job had started to store (recordPendingFile): the caller deletes it once this commits, so a
 * worker killed between storing the file and completing leaves no orphan in the storage.
 */
export async function failDownloadJob(
  tx: Tx,
  orgId: OrgId,
  jobId: string,
  failureCode: string,
): Promise<{ failed: boolean; orphanKey: string | null }> {
  const [held] = (
    await tx.execute<{ file_key: string | null }>(sql`
      select file_key from download_jobs
       where organization_id = ${orgId} and id = ${jobId} and status = 'processing' for update`)
  ).rows;
  if (!held) return { failed: false, orphanKey: null };
  await tx.execute(sql`
    update download_jobs set status = 'failed', failure_code = ${failureCode}, finished_at = now(), file_key = null
     where organization_id = ${orgId} and id = ${jobId}`);
  await releaseClaims(tx, orgId, jobId);
  return { failed: true, orphanKey: held.file_key };
}

/** The key a processing job is about to store its file under, committed before the first byte. */
export async function recordPendingFile(tx: Tx, orgId: OrgId, jobId: string, key: string): Promise<void> {
  await tx.execute(
    sql`update download_jobs set file_key = ${key} where organization_id = ${orgId} and id = ${jobId} and status = 'processing'`,
  );
}

/** The invoices (and run) a job held go back to ready to export. */
export async function releaseClaims(tx: Tx, orgId: OrgId, jobId: string): Promise<void> {
  await tx.execute(
    sql`update invoices set exporting_job_id = null where organization_id = ${orgId} and exporting_job_id = ${jobId}`,
  );
  await tx.execute(
    sql`update payment_runs set exporting_job_id = null where organization_id = ${orgId} and exporting_job_id = ${jobId}`,
  );
}
