import { sql } from 'drizzle-orm';
import {
  type createExportBodySchema,
  type exportCheckBodySchema,
  hasPermission,
  type DownloadJob,
  type ExportCheck,
  type ExportItem,
  type Locale,
} from '@kontor/domain';
import type { z } from 'zod';
import type { Database, OrgId, Tx } from '../../db/database';
import { downloadJobs } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decodeCursorValues, encodeCursorValues, invalidCursor, isUuid } from '../../lib/keyset-cursor';
import type { OrgContext } from '../../plugins/session';
import { tenant } from '../approvals/context';
import { runExportCheck, type DocumentStore } from './export-check-run';
import { readExportSettings } from './export-settings';
import { findDownloadJobs, type DownloadJobRow } from './job-repo';
import { claimForExport } from './claim';

type CheckBody = z.output<typeof exportCheckBodySchema>;
type CreateBody = z.output<typeof createExportBodySchema>;

/** Hands a created job to the worker (pg-boss), or marks it failed when it cannot be queued. */
export type EnqueueExport = (orgId: string, jobId: string) => Promise<void>;

/**
 * Accounting exports (issue 41): the pre-export check, the start of an export as a download job
 * (the invoices claimed in the same transaction, so that two exports of the same invoices cannot
 * both start), and the history of past exports.
 */
export class ExportService {
  constructor(
    private readonly database: Database,
    private readonly enqueue: EnqueueExport,
    private readonly store: DocumentStore,
  ) {}

  async check(org: OrgContext, body: CheckBody): Promise<ExportCheck> {
    const outcome = await this.database.withOrg(
      tenant(org),
      async (tx) =>
        runExportCheck(tx, org, body.selection, { ...body, settings: await readExportSettings(tx, org.orgId) }, this.store),
      // A check of every approved invoice reads thousands of rows: not on a connection short reads share.
      { readOnly: true, ownConnection: true },
    );
    return outcome.check;
  }

  async create(org: OrgContext, body: CreateBody, locale: Locale): Promise<DownloadJob> {
    const outcome = await this.database.withOrg(
      tenant(org),
      async (tx) =>
        runExportCheck(tx, org, body.selection, { ...body, settings: await readExportSettings(tx, org.orgId) }, this.store),
      { readOnly: true, ownConnection: true },
    );
    if (outcome.check.total === 0) throw new AppError('export_nothing_ready');
    // Leaving invoices out would not help (and which ones?): the caller chooses fewer, or bookings only.
    if (outcome.tooLarge) throw new AppError('export_too_large', outcome.tooLarge.params);
    // Held by an export that started a moment ago: the loser of two simultaneous exports is told so.
    const held = outcome.check.problemCounts.being_exported ?? 0;
    if (held > 0 && held === outcome.errorCount && !body.skipProblems) throw new AppError('export_conflict', { count: held });
    if (outcome.exportableIds.length === 0 || (outcome.errorCount > 0 && !body.skipProblems)) {
      throw new AppError('export_has_problems', { count: outcome.errorCount });
    }
    const job = await this.database.withOrg(tenant(org), (tx) => claimForExport(tx, org, body, outcome, locale));
    await this.enqueue(org.orgId, job.id);
    return (await this.get(org, job.id)) as DownloadJob;
  }

  /** The export screen's history: every export of the sources the caller may export, newest first. */
  async list(
    org: OrgContext,
    query: { limit: number; cursor?: string },
  ): Promise<{ items: DownloadJob[]; nextCursor: string | null }> {
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        const rows = await findDownloadJobs(tx, org.orgId, {
          sources: visibleSources(org),
          after,
          limit: query.limit + 1,
        });
        const page = rows.slice(0, query.limit);
        const last = page.at(-1);
        return {
          items: page.map(toDownloadJob),
          nextCursor: rows.length > query.limit && last ? encodeCursorValues([last.createdAtKey, last.id]) : null,
        };
      },
      { readOnly: true },
    );
  }

  async get(org: OrgContext, id: string): Promise<DownloadJob> {
    const rows = await this.database.withOrg(
      tenant(org),
      (tx) => findDownloadJobs(tx, org.orgId, { sources: visibleSources(org), id, limit: 1 }),
      { readOnly: true },
    );
    const row = rows[0];
    if (!row) throw new AppError('export_not_found');
    return toDownloadJob(row);
  }

  /** The invoices (or payments) of a past export, in file order. */
  async items(org: OrgContext, id: string, query: { limit: number; cursor?: string }) {
    await this.get(org, id);
    const after = query.cursor ? Number(decodeCursorValues(query.cursor, 1)[0]) : -1;
    if (!Number.isInteger(after)) throw invalidCursor();
    return this.database.withOrg(tenant(org), (tx) => readItems(tx, org.orgId, id, after, query.limit), { readOnly: true });
  }
}

/** Sources whose exports the caller sees: those it may export. */
export function visibleSources(org: OrgContext): ('invoices' | 'payment_run')[] {
  const sources: ('invoices' | 'payment_run')[] = [];
  if (hasPermission(org.role, org.permissions, 'ap_invoices:manage')) sources.push('invoices');
  if (hasPermission(org.role, org.permissions, 'payment_runs:manage')) sources.push('payment_run');
  return sources;
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = decodeCursorValues(cursor, 2);
  if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt)) || !isUuid(id)) throw invalidCursor();
  return { createdAt, id };
}

export function toDownloadJob(row: DownloadJobRow): DownloadJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    source: row.source,
    format: row.format,
    type: row.type,
    exportAgain: row.exportAgain,
    itemCount: row.itemCount,
    doneCount: row.doneCount,
    bookingCount: row.bookingCount,
    missingDocumentCount: row.missingDocumentCount,
    fileName: row.status === 'completed' ? row.fileName : null,
    fileSize: row.status === 'completed' ? row.fileSize : null,
    paymentRunNumber: row.paymentRunNumber,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    failureCode: row.failureCode,
  };
}

async function readItems(
  tx: Tx,
  orgId: OrgId,
  jobId: string,
  after: number,
  limit: number,
): Promise<{ items: ExportItem[]; nextCursor: string | null }> {
  const result = await tx.execute<{
    [key: string]: unknown;
    position: number;
    invoice_id: string | null;
    transaction_id: string | null;
    invoice_number: string | null;
    counterparty_name: string | null;
    date: string | null;
    total_amount: bigint | null;
    currency: string | null;
  }>(sql`
    select x.position, x.invoice_id, x.transaction_id, coalesce(i.invoice_number, t.end_to_end_id) as invoice_number,
           coalesce(i.counterparty_name, t.creditor_name) as counterparty_name,
           coalesce(i.date, t.requested_execution_date) as date,
           coalesce(t.amount, i.total_amount) as total_amount, coalesce(t.currency, i.currency) as currency
      from ${downloadJobs} j
      join download_job_items x on x.organization_id = j.organization_id and x.job_id = j.id
      left join invoices i on i.organization_id = x.organization_id and i.id = x.invoice_id
      left join transactions t on t.organization_id = x.organization_id and t.id = x.transaction_id
     where j.organization_id = ${orgId} and j.id = ${jobId} and x.position > ${after}
     order by x.position limit ${limit + 1}`);
  const page = result.rows.slice(0, limit);
  return {
    items: page.map((row) => ({
      invoiceId: row.invoice_id,
      transactionId: row.transaction_id,
      invoiceNumber: row.invoice_number,
      counterpartyName: row.counterparty_name,
      date: row.date,
      totalAmount: row.total_amount === null ? null : Number(row.total_amount),
      currency: row.currency,
    })),
    nextCursor: result.rows.length > limit ? encodeCursorValues([page.at(-1)!.position]) : null,
  };
}
