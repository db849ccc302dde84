import type { FastifyBaseLogger } from 'fastify';
import { convertImportRow, type CounterpartyImportColumn, type ImportRowCells, type ImportRowProblem } from '@kontor/domain';
import { asOrgId, type Database, type OrgId } from '../../db/database';
import { isAppError } from '../../lib/app-error';
import type { FileStorage } from '../../plugins/foundation-types';
import type { VatCheckBatchHook, VatCheckJob } from '../vat-check/service';
import { createBatch, type BatchEntry } from './import-batch';
import { readImportRows } from './import-file';
import { findImportRow, finishImport } from './import-repo';

/** Rows per transaction: large enough for multi-row inserts to pay, small enough for steady progress. */
export const IMPORT_BATCH_ROWS = 500;

/**
 * Seconds between the VAT check jobs of one import. An import of thousands of VAT numbers would
 * otherwise put thousands of VIES questions into the queue at once, and the workers would fire
 * them as fast as they can: VIES answers floods with MS_MAX_CONCURRENT_REQ / rate limits, which
 * turn into failed states and retries for every row. One job a second (pg-boss `startAfter`
 * growing with each job of the import) keeps an import's checks at the pace a person's creates
 * would have, needs no new job type, and each job stays the ordinary one (stale-safe, retried
 * with the usual back-off). 10,000 numbers take under three hours, far inside a working day.
 */
export const VAT_CHECK_SPACING_SECONDS = 1;

/** The values a row claimed within the file, by the row that claimed them ("already used by row …"). */
class FileClaims {
  private readonly claimed = new Map<string, number>();

  /** The earlier row holding this value, or null after claiming it for `row`. */
  claim(kind: 'vat' | 'ap' | 'ar', value: string | null, row: number): number | null {
    if (!value) return null;
    const key = `${kind}:${value}`;
    const earlier = this.claimed.get(key);
    if (earlier !== undefined) return earlier;
    this.claimed.set(key, row);
    return null;
  }
}

function cellsOf(cells: string[], mapping: Record<string, number>): ImportRowCells {
  const mapped: ImportRowCells = {};
  for (const [key, index] of Object.entries(mapping)) mapped[key as CounterpartyImportColumn] = cells[index] ?? '';
  return mapped;
}

/** A row that converts, checked against the rows before it in the file (VAT, AP and AR numbers unique). */
function toBatchEntry(row: number, cells: ImportRowCells, claims: FileClaims): BatchEntry {
  const converted = convertImportRow(cells);
  const name = (cells.name ?? '').trim() || undefined;
  if (!converted.ok) return { kind: 'skipped', result: { row, outcome: 'skipped', name, problems: converted.problems } };
  const { fields } = converted;
  const problems: ImportRowProblem[] = [];
  const vatRow = claims.claim('vat', fields.vatNumber, row);
  if (vatRow !== null) problems.push({ field: 'vatNumber', code: 'vat_number_repeated', params: { row: vatRow } });
  const apRow = claims.claim('ap', fields.accountsPayableNumber, row);
  if (apRow !== null) problems.push({ field: 'accountsPayableNumber', code: 'number_repeated', params: { row: apRow } });
  const arRow = claims.claim('ar', fields.accountsReceivableNumber, row);
  if (arRow !== null) problems.push({ field: 'accountsReceivableNumber', code: 'number_repeated', params: { row: arRow } });
  if (problems.length > 0) return { kind: 'skipped', result: { row, outcome: 'skipped', name: fields.name, problems } };
  return { kind: 'candidate', candidate: { row, fields } };
}

/**
 * The import job (issue 6 item 8): reads the stored file row by row, validates each row like a
 * counterparty create, and creates the valid ones batch by batch; each batch commits with its
 * results and progress, so the screen's progress bar moves and a retried job resumes after the
 * last committed batch instead of creating rows twice. (A resumed job no longer knows the claims
 * of rows before it; those rows exist by then, so the database check still refuses repeats.)
 */
export class CounterpartyImportRunner {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
    /** Checks the imported VAT numbers like created ones; without it (VAT checks not wired) none are queued. */
    private readonly vatChecks?: VatCheckBatchHook,
  ) {}

  async run(payload: { orgId: string; importId: string }): Promise<void> {
    const orgId = asOrgId(payload.orgId);
    const context = { orgId, userId: null };
    const current = await this.database.withOrg(context, (tx) => findImportRow(tx, orgId, payload.importId), { readOnly: true });
    // Done, failed or never started: nothing to do (a duplicate or late delivery of the job).
    if (!current || current.status !== 'running' || !current.mapping) return;
    const { mapping, processedRows: resumeAfter, createdBy } = current;
    try {
      const file = await this.storage.get(current.fileKey);
      if (!file) throw new Error(`import file ${current.fileKey} is missing`);
      const claims = new FileClaims();
      let batch: BatchEntry[] = [];
      let vatCheckSlot = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const entries = batch;
        batch = [];
        const { vatCheckJobs } = await this.database.withOrg(context, (tx) =>
          createBatch(tx, orgId, payload.importId, createdBy, entries, this.vatChecks),
        );
        vatCheckSlot = await this.enqueueVatChecks(vatCheckJobs, vatCheckSlot);
      };
      for await (const { row, cells, isHeader } of readImportRows(file.body, current.format)) {
        if (isHeader || row <= resumeAfter) continue;
        batch.push(toBatchEntry(row, cellsOf(cells, mapping), claims));
        if (batch.length >= IMPORT_BATCH_ROWS) await flush();
      }
      await flush();
      await this.database.withOrg(context, (tx) => finishImport(tx, orgId, payload.importId, { status: 'done' }));
    } catch (error) {
      // An unreadable file does not get better with a retry; anything else (a lost connection) may.
      if (!isAppError(error)) throw error;
      this.log.warn({ err: error, importId: payload.importId }, 'counterparty import failed');
      await this.markFailed(orgId, payload.importId, error.code);
    }
  }

  /**
   * After the batch's commit (a job sent earlier could run before its row exists), spread out by
   * VAT_CHECK_SPACING_SECONDS from `slot` on; answers the next free slot. A job that cannot be
   * queued leaves its number pending for "check again", like a create (VatCheckService.enqueue).
   */
  private async enqueueVatChecks(jobs: VatCheckJob[], slot: number): Promise<number> {
    let next = slot;
    for (const job of jobs) {
      await this.vatChecks?.enqueue(job, next * VAT_CHECK_SPACING_SECONDS);
      next += 1;
    }
    return next;
  }

  async markFailed(orgId: OrgId, importId: string, failureCode: string): Promise<void> {
    await this.database.withOrg({ orgId, userId: null }, (tx) =>
      finishImport(tx, orgId, importId, { status: 'failed', failureCode }),
    );
  }
}
