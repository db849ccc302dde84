import { sql } from 'drizzle-orm';
import { hasPermission, type ExportSelection, type ExportSource } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';

/** Ids per statement while a selection is walked: large enough for few round trips, small enough to stream. */
export const SELECTION_BATCH = 2_000;

export interface ResolvedSelection {
  source: ExportSource;
  /** For a payment run (or a repeat of one): the run. */
  paymentRunId: string | null;
  paymentRunNumber: number | null;
  batches: () => AsyncGenerator<string[]>;
}

interface RunRow {
  [key: string]: unknown;
  id: string;
  number: number;
  status: string;
  exporting_job_id: string | null;
  last_accounting_export_id: string | null;
}

async function findRun(tx: Tx, orgId: OrgId, id: string): Promise<RunRow> {
  const result = await tx.execute<RunRow>(sql`
    select id, number, status, exporting_job_id, last_accounting_export_id
      from payment_runs where organization_id = ${orgId} and id = ${id}`);
  const run = result.rows[0];
  if (!run) throw new AppError('payment_run_not_found');
  // Booked is what was paid: a run is exported to accounting once its SEPA file went to the bank.
  if (run.status !== 'exported') throw new AppError('export_run_not_paid', { status: run.status });
  return run;
}

/** Keyset walk of one id query: `page(after)` answers up to SELECTION_BATCH ids after `after`, in order. */
async function* walk(page: (after: string | null) => Promise<string[]>): AsyncGenerator<string[]> {
  let after: string | null = null;
  for (;;) {
    const ids = await page(after);
    if (ids.length > 0) yield ids;
    if (ids.length < SELECTION_BATCH) return;
    after = ids.at(-1)!;
  }
}

const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);

/** The past export a repeat names, of a source the caller may export. */
async function findPastExport(tx: Tx, orgId: OrgId, id: string) {
  const result = await tx.execute<{ [key: string]: unknown; id: string; source: ExportSource; payment_run_id: string | null }>(
    sql`select id, source, payment_run_id from download_jobs where organization_id = ${orgId} and id = ${id} and kind = 'accounting_export'`,
  );
  const job = result.rows[0];
  if (!job) throw new AppError('export_not_found');
  return job;
}

export function sourcePermission(source: ExportSource) {
  return source === 'invoices' ? ('ap_invoices:manage' as const) : ('payment_runs:manage' as const);
}

export function assertMaySource(org: OrgContext, source: ExportSource): void {
  const permission = sourcePermission(source);
  if (!hasPermission(org.role, org.permissions, permission)) throw new AppError('permission_denied', { permission });
}

/**
 * A selection as batches of invoice (or transaction) ids, in the order the file will have them.
 * Ids are not looked up here: the check reads them in batches and answers 404 for one the
 * organisation does not have.
 */
export async function resolveSelection(tx: Tx, org: OrgContext, selection: ExportSelection): Promise<ResolvedSelection> {
  const orgId = org.orgId;
  if (selection.kind === 'invoices') {
    assertMaySource(org, 'invoices');
    const unique = [...new Set(selection.invoiceIds)];
    return {
      source: 'invoices',
      paymentRunId: null,
      paymentRunNumber: null,
      batches: async function* () {
        for (let start = 0; start < unique.length; start += SELECTION_BATCH) yield unique.slice(start, start + SELECTION_BATCH);
      },
    };
  }
  if (selection.kind === 'ready') {
    assertMaySource(org, 'invoices');
    return {
      source: 'invoices',
      paymentRunId: null,
      paymentRunNumber: null,
      batches: () =>
        walk(async (after) =>
          idsOf(
            (
              await tx.execute<{ [key: string]: unknown; id: string }>(sql`
                select id from invoices
                 where organization_id = ${orgId} and status = 'approved' and exporting_job_id is null
                   ${after ? sql`and id > ${after}` : sql``}
                 order by id limit ${SELECTION_BATCH}`)
            ).rows,
          ),
        ),
    };
  }
  if (selection.kind === 'payment_run') {
    assertMaySource(org, 'payment_run');
    const run = await findRun(tx, orgId, selection.paymentRunId);
    return {
      source: 'payment_run',
      paymentRunId: run.id,
      paymentRunNumber: run.number,
      batches: () => runPayments(tx, orgId, run.id),
    };
  }
  const past = await findPastExport(tx, orgId, selection.exportId);
  assertMaySource(org, past.source);
  if (past.source === 'payment_run' && past.payment_run_id) {
    const run = await findRun(tx, orgId, past.payment_run_id);
    return {
      source: 'payment_run',
      paymentRunId: run.id,
      paymentRunNumber: run.number,
      batches: () => runPayments(tx, orgId, run.id),
    };
  }
  return {
    source: 'invoices',
    paymentRunId: null,
    paymentRunNumber: null,
    batches: async function* () {
      let after = -1;
      for (;;) {
        const result = await tx.execute<{ [key: string]: unknown; id: string; position: number }>(sql`
          select invoice_id as id, position from download_job_items
           where organization_id = ${orgId} and job_id = ${past.id} and position > ${after} and invoice_id is not null
           order by position limit ${SELECTION_BATCH}`);
        if (result.rows.length > 0) yield idsOf(result.rows);
        if (result.rows.length < SELECTION_BATCH) return;
        after = result.rows.at(-1)!.position;
      }
    },
  };
}

function runPayments(tx: Tx, orgId: OrgId, runId: string): AsyncGenerator<string[]> {
  return walk(async (after) =>
    idsOf(
      (
        await tx.execute<{ [key: string]: unknown; id: string }>(sql`
          select id from transactions
           where organization_id = ${orgId} and payment_run_id = ${runId} and exported_at is not null
             ${after ? sql`and id > ${after}` : sql``}
           order by id limit ${SELECTION_BATCH}`)
      ).rows,
    ),
  );
}

/** The run's own state for the check: a run is claimed by one export at a time and exported again only when asked. */
export async function findRunState(tx: Tx, orgId: OrgId, runId: string) {
  const result = await tx.execute<RunRow>(sql`
    select id, number, status, exporting_job_id, last_accounting_export_id
      from payment_runs where organization_id = ${orgId} and id = ${runId}`);
  return result.rows[0] ?? null;
}
