import { SYSTEM_TAX_KEYS, taxKeyInputSchema, type ImportResult, type TaxKey } from '@kontor/domain';
import { TAX_KEY_COLUMNS } from '@kontor/domain/master-data-import';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { cell, readCsvTable, resolveColumns, type ColumnSpec } from './csv-table';
import { uniqueViolationConstraint } from './db-errors';
import type { ImportUpload } from './import-upload';
import { assertTaxKeyChangeAllowed, assertTaxKeyDeletable } from './policy';
import {
  chunk,
  deleteTaxKeyRow,
  findTaxKeyRow,
  insertTaxKeyRow,
  insertTaxKeyRowsIgnoringExisting,
  listTaxKeyRows,
  updateTaxKeyRow,
  type TaxKeyRow,
  type TaxKeyValues,
} from './repo';
import { requireCurrent, tenant, type SkippedRow } from './service-helpers';
import { countInvoicesUsing } from './usage-repo';

type TaxKeyInput = z.output<typeof taxKeyInputSchema>;
export type TaxKeyUpdate = Partial<TaxKeyInput> & { version: number };

const toTaxKey = (row: TaxKeyRow): TaxKey => ({
  id: row.id,
  name: row.name,
  externalCode: row.externalCode,
  type: row.type,
  description: row.description,
  rate: row.rate,
  isSystem: row.isSystem,
  version: row.version,
});

const SYSTEM_ORDER = new Map<string, number>(SYSTEM_TAX_KEYS.map((key, index) => [key.name, index]));

/** System keys first in the order of SPEC §3, then custom keys by name. */
function compareTaxKeys(a: TaxKeyRow, b: TaxKeyRow): number {
  if (a.isSystem !== b.isSystem) return a.isSystem ? -1 : 1;
  if (a.isSystem) return (SYSTEM_ORDER.get(a.name) ?? 99) - (SYSTEM_ORDER.get(b.name) ?? 99);
  return a.name.localeCompare(b.name, 'de');
}

/** An empty text field means "none": stored as null so that a form's '' equals a key's null. */
const emptyToNull = (value: string | null | undefined): string | null | undefined => (value === '' ? null : value);

const COLUMNS: readonly ColumnSpec<'name' | 'type' | 'rate' | 'externalCode' | 'description'>[] = TAX_KEY_COLUMNS;

const TYPE_WORDS: Record<string, TaxKeyInput['type']> = {
  sale: 'SALE',
  verkauf: 'SALE',
  umsatz: 'SALE',
  umsatzsteuer: 'SALE',
  ust: 'SALE',
  purchase: 'PURCHASE',
  einkauf: 'PURCHASE',
  vorsteuer: 'PURCHASE',
  vst: 'PURCHASE',
  other: 'OTHER',
  sonstige: 'OTHER',
  sonstiges: 'OTHER',
};

export function parseTaxKeyType(value: string): TaxKeyInput['type'] | null {
  return TYPE_WORDS[value.trim().toLowerCase()] ?? null;
}

/** "19", "19,00", "7 %", "5.5" → basis points; '' → null; anything else → undefined (invalid). */
export function parseTaxRate(value: string): number | null | undefined {
  const text = value.replace(/%/g, '').trim();
  if (text === '') return null;
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text.replace(',', '.')) * 100);
}

export class TaxKeyService {
  constructor(private readonly database: Database) {}

  async list(org: OrgContext): Promise<TaxKey[]> {
    const rows = await this.database.withOrg(tenant(org), (tx) => listTaxKeyRows(tx, org.orgId), { readOnly: true });
    return rows.sort(compareTaxKeys).map(toTaxKey);
  }

  async create(org: OrgContext, input: TaxKeyInput): Promise<TaxKey> {
    const values: TaxKeyValues = {
      ...input,
      externalCode: emptyToNull(input.externalCode) ?? null,
      description: emptyToNull(input.description) ?? null,
    };
    return this.translateConflict(input.name, () =>
      this.database.withOrg(tenant(org), async (tx) => toTaxKey(await insertTaxKeyRow(tx, org.orgId, values))),
    );
  }

  /** System keys: only the external code; custom keys: any field (fields left out keep their value). */
  async update(org: OrgContext, id: string, input: TaxKeyUpdate): Promise<TaxKey> {
    const { version, ...fields } = input;
    const change: Partial<TaxKeyValues> = {
      ...fields,
      externalCode: emptyToNull(fields.externalCode),
      description: emptyToNull(fields.description),
    };
    return this.translateConflict(input.name ?? '', () =>
      this.database.withOrg(tenant(org), async (tx) => {
        const current = requireCurrent(await findTaxKeyRow(tx, org.orgId, id, true), version);
        assertTaxKeyChangeAllowed(current, change);
        const patch = current.isSystem ? { externalCode: change.externalCode } : change;
        const row = await updateTaxKeyRow(tx, org.orgId, id, version, patch);
        if (!row) throw new AppError('stale_version');
        return toTaxKey(row);
      }),
    );
  }

  async remove(org: OrgContext, id: string, version?: number): Promise<void> {
    await this.database.withOrg(tenant(org), async (tx) => {
      const current = requireCurrent(await findTaxKeyRow(tx, org.orgId, id, true), version);
      assertTaxKeyDeletable(current);
      const count = await countInvoicesUsing(tx, org.orgId, 'tax_key', id);
      if (count > 0) throw new AppError('master_data_in_use', { count });
      await deleteTaxKeyRow(tx, org.orgId, id);
    });
  }

  /** One transaction; keys whose name exists (system names included) are skipped and reported. */
  async importCsv(org: OrgContext, upload: ImportUpload): Promise<ImportResult> {
    const table = readCsvTable(upload.file);
    const columns = resolveColumns(table.headers, COLUMNS, upload.mapping);
    const skipped: SkippedRow[] = [];
    const pending: { line: number; values: TaxKeyValues }[] = [];
    const seen = new Set<string>();
    for (const row of table.rows) {
      const name = cell(row, columns, 'name');
      const parsed = taxKeyInputSchema.safeParse({
        name,
        type: parseTaxKeyType(cell(row, columns, 'type')),
        rate: parseTaxRate(cell(row, columns, 'rate')),
        externalCode: cell(row, columns, 'externalCode') || null,
        description: cell(row, columns, 'description') || null,
      });
      if (!parsed.success) {
        skipped.push({ row: row.line, code: name, reason: 'invalid' });
        continue;
      }
      if (seen.has(parsed.data.name)) {
        skipped.push({ row: row.line, code: parsed.data.name, reason: 'duplicate_in_file' });
        continue;
      }
      seen.add(parsed.data.name);
      pending.push({ line: row.line, values: parsed.data });
    }
    const inserted = await this.database.withOrg(tenant(org), async (tx) => {
      const names = new Set<string>();
      for (const batch of chunk(pending)) {
        const rows = await insertTaxKeyRowsIgnoringExisting(
          tx,
          org.orgId,
          batch.map((entry) => entry.values),
        );
        for (const row of rows) names.add(row.name);
      }
      return names;
    });
    for (const entry of pending) {
      if (!inserted.has(entry.values.name)) skipped.push({ row: entry.line, code: entry.values.name, reason: 'exists' });
    }
    skipped.sort((a, b) => a.row - b.row);
    return { created: inserted.size, skipped };
  }

  private async translateConflict<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolationConstraint(error) !== null) throw new AppError('tax_key_name_exists', { name });
      throw error;
    }
  }
}
