import { randomUUID } from 'node:crypto';
import {
  COUNTERPARTY_IMPORT_COLUMNS,
  COUNTERPARTY_IMPORT_MAX_ROWS,
  COUNTERPARTY_IMPORT_PREVIEW_ROWS,
  COUNTERPARTY_IMPORT_RECENT_LIMIT,
  type CounterpartyImportListedStatus,
  type CounterpartyImportResultsQuery,
  type CounterpartyImportStartBody,
  type CounterpartyImportStatus,
  type CounterpartyImportSummary,
  type CounterpartyImportUpload,
  type Locale,
} from '@kontor/domain';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { normalizeHeader } from '../master-data/csv-table';
import type { ImportUpload } from '../master-data/import-upload';
import { tenant } from '../master-data/service-helpers';
import { detectImportFormat, readImportRows, type ImportFormat } from './import-file';
import {
  findImportRow,
  insertImportRow,
  listRecentImportRows,
  markImportStarted,
  readImportResults,
  type CounterpartyImportRow,
} from './import-repo';
import { translateProblems } from './problem-messages';

/** Queues the import job after the start commits. */
export type EnqueueImport = (orgId: string, importId: string) => Promise<void>;

const CONTENT_TYPES: Record<ImportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Reads the whole file once: header, the first rows, and the number of data rows. */
async function inspectFile(body: Buffer, format: ImportFormat) {
  let headers: string[] | null = null;
  const previewRows: string[][] = [];
  let totalRows = 0;
  for await (const { cells, isHeader } of readImportRows(body, format)) {
    if (isHeader) headers = cells;
    else {
      totalRows += 1;
      if (previewRows.length < COUNTERPARTY_IMPORT_PREVIEW_ROWS) previewRows.push(cells);
    }
  }
  if (!headers || totalRows === 0) throw new AppError('import_empty');
  if (totalRows > COUNTERPARTY_IMPORT_MAX_ROWS) {
    throw new AppError('import_too_many_rows', { rows: totalRows, maxRows: COUNTERPARTY_IMPORT_MAX_ROWS });
  }
  return { headers, previewRows, totalRows };
}

/** The header each import column's aliases find first; a header serves one column only. */
function suggestMapping(headers: string[]): Record<string, string> {
  const normalized = headers.map(normalizeHeader);
  const used = new Set<number>();
  const mapping: Record<string, string> = {};
  for (const column of COUNTERPARTY_IMPORT_COLUMNS) {
    const aliases = new Set<string>(column.aliases.map(normalizeHeader));
    const index = normalized.findIndex((header, position) => !used.has(position) && aliases.has(header));
    if (index >= 0) {
      used.add(index);
      mapping[column.key] = headers[index]!;
    }
  }
  return mapping;
}

/**
 * The start body's mapping (column → header) as column indexes; every required column mapped
 * (else 400 import_missing_columns naming them), every header one the file has.
 */
function resolveMapping(headers: string[], mapping: CounterpartyImportStartBody['mapping']): Record<string, number> {
  const resolved: Record<string, number> = {};
  const unknown: string[] = [];
  for (const [key, header] of Object.entries(mapping)) {
    if (!header) continue;
    const index = headers.indexOf(header);
    if (index < 0) unknown.push(key);
    else resolved[key] = index;
  }
  if (unknown.length > 0) {
    throw new AppError('validation_failed', undefined, {
      fieldErrors: Object.fromEntries(unknown.map((key) => [`mapping.${key}`, ['invalid']])),
    });
  }
  const missing = COUNTERPARTY_IMPORT_COLUMNS.filter((column) => column.required && resolved[column.key] === undefined);
  if (missing.length > 0)
    throw new AppError('import_missing_columns', { columns: missing.map((column) => column.key).join(', ') });
  return resolved;
}

async function readHeaders(body: Buffer, format: ImportFormat): Promise<string[]> {
  for await (const { cells, isHeader } of readImportRows(body, format)) if (isHeader) return cells;
  throw new AppError('import_empty');
}

/**
 * Counterparty imports (issue 6 item 8): upload and preview, start with a mapping, then the job
 * (import-runner.ts) does the work and this reads its progress and results.
 *
 * Plan limits: the plan catalogue (packages/domain/src/subscription.ts) has no limit on
 * counterparties (only users, verifications and invoices per month), so an import counts
 * against nothing; should one be added, check it in `start` before the job is queued.
 */
export class CounterpartyImportService {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly enqueue: EnqueueImport,
  ) {}

  async upload(org: OrgContext, upload: ImportUpload): Promise<CounterpartyImportUpload> {
    const format = detectImportFormat(upload.fileName, upload.file);
    const inspected = await inspectFile(upload.file, format);
    const id = randomUUID();
    const fileKey = `org/${org.orgId}/counterparty-imports/${id}.${format}`;
    // Storage first: object storage is not transactional, and an import row must find its file.
    await this.storage.put(fileKey, upload.file, CONTENT_TYPES[format]);
    const fileName = upload.fileName.slice(0, 255) || `import.${format}`;
    await this.database.withOrg(tenant(org), (tx) =>
      insertImportRow(tx, org.orgId, { id, fileName, fileKey, format, totalRows: inspected.totalRows, createdBy: org.userId }),
    );
    return { id, fileName, format, ...inspected, suggestedMapping: suggestMapping(inspected.headers) };
  }

  async start(org: OrgContext, importId: string, body: CounterpartyImportStartBody): Promise<CounterpartyImportStatus> {
    const current = await this.database.withOrg(tenant(org), (tx) => findImportRow(tx, org.orgId, importId), { readOnly: true });
    if (!current) throw new AppError('counterparty_import_not_found');
    const file = await this.storage.get(current.fileKey);
    if (!file) throw new AppError('counterparty_import_not_found');
    const mapping = resolveMapping(await readHeaders(file.body, current.format), body.mapping);
    await this.database.withOrg(tenant(org), async (tx) => {
      // Locked: two clicks on "start" queue one job, the second answers 409.
      const locked = await findImportRow(tx, org.orgId, importId, 'update');
      if (!locked) throw new AppError('counterparty_import_not_found');
      if (locked.status !== 'uploaded') throw new AppError('counterparty_import_already_started');
      await markImportStarted(tx, org.orgId, importId, mapping);
    });
    await this.enqueue(org.orgId, importId);
    return this.status(org, importId, { outcome: 'skipped', offset: 0, limit: 1 }, 'en');
  }

  async status(
    org: OrgContext,
    importId: string,
    query: CounterpartyImportResultsQuery,
    locale: Locale,
  ): Promise<CounterpartyImportStatus> {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        const row = await findImportRow(tx, org.orgId, importId);
        if (!row) throw new AppError('counterparty_import_not_found');
        // While the job runs the screen polls for progress only: the results grow with every batch
        // and are read once it has finished (expanding them on every poll slows the import down).
        const isFinished = row.status === 'done' || row.status === 'failed';
        const page = isFinished ? await readImportResults(tx, org.orgId, importId, query) : { items: [], total: 0 };
        return toStatus(row, {
          total: page.total,
          items: page.items.map((result) => ({
            row: result.row,
            outcome: result.outcome,
            counterpartyId: result.counterpartyId ?? null,
            name: result.name ?? null,
            problems: translateProblems(result.problems ?? [], locale),
          })),
        });
      },
      { readOnly: true },
    );
  }

  /** The organisation's latest started imports, newest first: the way back to each one's progress and result. */
  async listRecent(org: OrgContext): Promise<CounterpartyImportSummary[]> {
    const rows = await this.database.withOrg(
      tenant(org),
      (tx) => listRecentImportRows(tx, org.orgId, COUNTERPARTY_IMPORT_RECENT_LIMIT),
      { readOnly: true },
    );
    return rows.map((row) => ({
      ...toImportFields(row),
      // The query lists started imports only (listRecentImportRows).
      status: row.status as CounterpartyImportListedStatus,
      // The name as elsewhere in the product: the e-mail stands in for a user without one.
      createdByName: row.createdByName || row.createdByEmail || null,
    }));
  }

  /** Every row's result, in file order, for the download (at most COUNTERPARTY_IMPORT_MAX_ROWS). */
  async allResults(org: OrgContext, importId: string) {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        const row = await findImportRow(tx, org.orgId, importId);
        if (!row) throw new AppError('counterparty_import_not_found');
        const page = await readImportResults(tx, org.orgId, importId, {
          outcome: 'all',
          offset: 0,
          limit: COUNTERPARTY_IMPORT_MAX_ROWS,
        });
        return { fileName: row.fileName, items: page.items };
      },
      { readOnly: true },
    );
  }
}

/** What the status and the recent list both say of an import. */
function toImportFields(row: CounterpartyImportRow): Omit<CounterpartyImportStatus, 'results'> {
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format,
    status: row.status,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    createdCount: row.createdCount,
    skippedCount: row.skippedCount,
    failureCode: row.failureCode,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function toStatus(row: CounterpartyImportRow, results: CounterpartyImportStatus['results']): CounterpartyImportStatus {
  return { ...toImportFields(row), results };
}
