import { ledgerAccountInputSchema, parseLedgerAccount, type ImportResult, type LedgerAccount } from '@kontor/domain';
import { LEDGER_ACCOUNT_COLUMNS } from '@kontor/domain/master-data-import';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { cell, readCsvTable, resolveColumns, type CsvRow } from './csv-table';
import { uniqueViolationConstraint } from './db-errors';
import type { ImportUpload } from './import-upload';
import {
  chunk,
  deleteLedgerAccountRow,
  findLedgerAccountRow,
  insertLedgerAccountRow,
  insertLedgerAccountRowsIgnoringExisting,
  listLedgerAccountRows,
  updateLedgerAccountRow,
  type LedgerAccountRow,
} from './repo';
import { requireCurrent, tenant, type SkippedRow } from './service-helpers';
import { countCounterpartiesDefaultingTo, countInvoicesUsing } from './usage-repo';

type LedgerAccountInput = z.output<typeof ledgerAccountInputSchema>;

const toLedgerAccount = (row: LedgerAccountRow): LedgerAccount => ({
  id: row.id,
  code: row.code,
  name: row.name,
  version: row.version,
});

const CODE_ALIASES = LEDGER_ACCOUNT_COLUMNS[0].aliases;
const NAME_ALIASES = LEDGER_ACCOUNT_COLUMNS[1].aliases;

type LedgerColumns =
  { kind: 'separate'; columns: Partial<Record<'code' | 'name', number>> } | { kind: 'combined'; index: number };

/**
 * Separate code and name columns when both are there; otherwise one column in the "0000 - Name"
 * format: the mapping's `account`, the code column whose values carry the name, or the only column.
 */
function resolveLedgerColumns(
  headers: readonly string[],
  mapping: Record<string, string> | null,
  firstRow: CsvRow | undefined,
): LedgerColumns {
  if (mapping?.account) {
    const { account } = resolveColumns(headers, [{ key: 'account', required: true, aliases: [] }], mapping);
    return { kind: 'combined', index: account! };
  }
  const columns = resolveColumns(
    headers,
    [
      { key: 'code', required: Boolean(mapping?.code), aliases: CODE_ALIASES },
      { key: 'name', required: Boolean(mapping?.name), aliases: NAME_ALIASES },
    ],
    mapping,
  );
  if (columns.code !== undefined && columns.name !== undefined) return { kind: 'separate', columns };
  const combined = columns.code ?? (headers.length === 1 ? 0 : undefined);
  const looksCombined = combined !== undefined && (!firstRow || parseLedgerAccount(firstRow.values[combined] ?? '') !== null);
  if (combined !== undefined && looksCombined) return { kind: 'combined', index: combined };
  const missing = columns.code === undefined ? ['code', 'name'] : ['name'];
  throw new AppError('import_missing_columns', { columns: missing.join(', ') });
}

function readLedgerRow(row: CsvRow, layout: LedgerColumns): { code: string; name: string } {
  if (layout.kind === 'separate') return { code: cell(row, layout.columns, 'code'), name: cell(row, layout.columns, 'name') };
  const value = (row.values[layout.index] ?? '').trim();
  return parseLedgerAccount(value) ?? { code: value, name: '' };
}

export class LedgerAccountService {
  constructor(private readonly database: Database) {}

  async list(org: OrgContext): Promise<LedgerAccount[]> {
    const rows = await this.database.withOrg(tenant(org), (tx) => listLedgerAccountRows(tx, org.orgId), { readOnly: true });
    return rows.map(toLedgerAccount);
  }

  async create(org: OrgContext, input: LedgerAccountInput): Promise<LedgerAccount> {
    return this.translateConflict(input.code, () =>
      this.database.withOrg(tenant(org), async (tx) => toLedgerAccount(await insertLedgerAccountRow(tx, org.orgId, input))),
    );
  }

  async update(org: OrgContext, id: string, input: LedgerAccountInput & { version: number }): Promise<LedgerAccount> {
    return this.translateConflict(input.code, () =>
      this.database.withOrg(tenant(org), async (tx) => {
        requireCurrent(await findLedgerAccountRow(tx, org.orgId, id, true), input.version);
        const row = await updateLedgerAccountRow(tx, org.orgId, id, input.version, { code: input.code, name: input.name });
        if (!row) throw new AppError('stale_version');
        return toLedgerAccount(row);
      }),
    );
  }

  async remove(org: OrgContext, id: string, version?: number): Promise<void> {
    await this.database.withOrg(tenant(org), async (tx) => {
      requireCurrent(await findLedgerAccountRow(tx, org.orgId, id, true), version);
      const count = await countInvoicesUsing(tx, org.orgId, 'ledger_account', id);
      if (count > 0) throw new AppError('master_data_in_use', { count });
      // A counterparty's default fills new invoices: a deleted one would fill in a dead id.
      const counterpartyCount = await countCounterpartiesDefaultingTo(tx, org.orgId, id);
      if (counterpartyCount > 0) throw new AppError('ledger_account_default_of_counterparties', { count: counterpartyCount });
      await deleteLedgerAccountRow(tx, org.orgId, id);
    });
  }

  /** One transaction; rows whose code exists are skipped and reported. */
  async importCsv(org: OrgContext, upload: ImportUpload): Promise<ImportResult> {
    // A one-column file may have no header at all: its first line is then already an account.
    const table = readCsvTable(upload.file, {
      hasHeader: (first) => !(first.length === 1 && parseLedgerAccount(first[0] ?? '')),
    });
    const layout: LedgerColumns =
      table.headers.length === 0 && table.rows.length > 0
        ? { kind: 'combined', index: 0 }
        : resolveLedgerColumns(table.headers, upload.mapping, table.rows[0]);
    const skipped: SkippedRow[] = [];
    const pending: { line: number; values: LedgerAccountInput }[] = [];
    const seen = new Set<string>();
    for (const row of table.rows) {
      const raw = readLedgerRow(row, layout);
      const parsed = ledgerAccountInputSchema.safeParse(raw);
      if (!parsed.success) {
        skipped.push({ row: row.line, code: raw.code, reason: 'invalid' });
        continue;
      }
      if (seen.has(parsed.data.code)) {
        skipped.push({ row: row.line, code: parsed.data.code, reason: 'duplicate_in_file' });
        continue;
      }
      seen.add(parsed.data.code);
      pending.push({ line: row.line, values: parsed.data });
    }
    const inserted = await this.database.withOrg(tenant(org), async (tx) => {
      const codes = new Set<string>();
      for (const batch of chunk(pending)) {
        const rows = await insertLedgerAccountRowsIgnoringExisting(
          tx,
          org.orgId,
          batch.map((entry) => entry.values),
        );
        for (const row of rows) codes.add(row.code);
      }
      return codes;
    });
    for (const entry of pending) {
      if (!inserted.has(entry.values.code)) skipped.push({ row: entry.line, code: entry.values.code, reason: 'exists' });
    }
    skipped.sort((a, b) => a.row - b.row);
    return { created: inserted.size, skipped };
  }

  private async translateConflict<T>(code: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolationConstraint(error) !== null) throw new AppError('master_data_code_exists', { code });
      throw error;
    }
  }
}
