import { costCenterInputSchema, type CostCenter, type ImportResult } from '@kontor/domain';
import { COST_CENTER_COLUMNS } from '@kontor/domain/master-data-import';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { flowNamesNaming } from '../approvals/flow-repo';
import type { OrgContext } from '../../plugins/session';
import { cell, readCsvTable, resolveColumns, type ColumnSpec } from './csv-table';
import { uniqueViolationConstraint } from './db-errors';
import type { ImportUpload } from './import-upload';
import {
  chunk,
  deleteCostCenterRow,
  findCostCenterRow,
  insertCostCenterRow,
  insertCostCenterRowsIgnoringExisting,
  listCostCenterRows,
  updateCostCenterRow,
  type CostCenterRow,
} from './repo';
import { requireCurrent, tenant, type SkippedRow } from './service-helpers';
import { countInvoicesUsing } from './usage-repo';

type CostCenterInput = z.output<typeof costCenterInputSchema>;

const toCostCenter = (row: CostCenterRow): CostCenter => ({
  id: row.id,
  code: row.code,
  name: row.name,
  type: row.type,
  version: row.version,
});

const COLUMNS: readonly ColumnSpec<'code' | 'name' | 'type'>[] = COST_CENTER_COLUMNS;

/** "1", "2", "KOST1", "Kost 2", "Kostenstelle 1" → 1 | 2; anything else is invalid. */
export function parseCostCenterType(value: string): 1 | 2 | null {
  const match = /^(?:kost(?:en)?(?:stelle)?)?\s*([12])$/i.exec(value.trim());
  return match ? (Number(match[1]) as 1 | 2) : null;
}

export class CostCenterService {
  constructor(private readonly database: Database) {}

  async list(org: OrgContext, type?: 1 | 2): Promise<CostCenter[]> {
    const rows = await this.database.withOrg(tenant(org), (tx) => listCostCenterRows(tx, org.orgId, type), { readOnly: true });
    return rows.map(toCostCenter);
  }

  async create(org: OrgContext, input: CostCenterInput): Promise<CostCenter> {
    return this.translateConflict(input.code, () =>
      this.database.withOrg(tenant(org), async (tx) => toCostCenter(await insertCostCenterRow(tx, org.orgId, input))),
    );
  }

  async update(org: OrgContext, id: string, input: CostCenterInput & { version: number }): Promise<CostCenter> {
    return this.translateConflict(input.code, () =>
      this.database.withOrg(tenant(org), async (tx) => {
        const current = requireCurrent(await findCostCenterRow(tx, org.orgId, id, true), input.version);
        // Invoices hold a KOST1 in one column and a KOST2 in another: a type change under them
        // would leave every such invoice with a value its own field refuses on the next save.
        if (current.type !== input.type) {
          const count = await countInvoicesUsing(tx, org.orgId, 'cost_center', id);
          if (count > 0) throw new AppError('cost_center_type_in_use', { count });
        }
        const row = await updateCostCenterRow(tx, org.orgId, id, input.version, {
          code: input.code,
          name: input.name,
          type: input.type,
        });
        if (!row) throw new AppError('stale_version');
        return toCostCenter(row);
      }),
    );
  }

  /** Refused while any invoice or split line uses it; the lock keeps a concurrent delete from racing. */
  async remove(org: OrgContext, id: string, version?: number): Promise<void> {
    await this.database.withOrg(tenant(org), async (tx) => {
      requireCurrent(await findCostCenterRow(tx, org.orgId, id, true), version);
      const count = await countInvoicesUsing(tx, org.orgId, 'cost_center', id);
      if (count > 0) throw new AppError('master_data_in_use', { count });
      // A flow condition naming a deleted cost centre would never match again, silently.
      const flows = await flowNamesNaming(tx, org.orgId, 'cost_center', id);
      if (flows.length > 0) throw new AppError('cost_center_in_approval_flows', { flows: flows.join(', ') });
      await deleteCostCenterRow(tx, org.orgId, id);
    });
  }

  /** One transaction: either every new row is stored or none. Rows whose code+type exists are skipped. */
  async importCsv(org: OrgContext, upload: ImportUpload): Promise<ImportResult> {
    const table = readCsvTable(upload.file);
    // A KOST2 export often has no type column: the form field `type` then names it for the whole file.
    const fileType = parseCostCenterType(upload.fields.type ?? '');
    const specs = fileType ? COLUMNS.map((spec) => (spec.key === 'type' ? { ...spec, required: false } : spec)) : COLUMNS;
    const columns = resolveColumns(table.headers, specs, upload.mapping);
    const skipped: SkippedRow[] = [];
    const pending: { line: number; values: CostCenterInput }[] = [];
    const seen = new Set<string>();
    for (const row of table.rows) {
      const code = cell(row, columns, 'code');
      const typeCell = cell(row, columns, 'type');
      const type = typeCell === '' ? fileType : parseCostCenterType(typeCell);
      const parsed = costCenterInputSchema.safeParse({ code, name: cell(row, columns, 'name'), type });
      if (!parsed.success) {
        skipped.push({ row: row.line, code, reason: 'invalid' });
        continue;
      }
      const key = `${parsed.data.type}:${parsed.data.code}`;
      if (seen.has(key)) {
        skipped.push({ row: row.line, code: parsed.data.code, reason: 'duplicate_in_file' });
        continue;
      }
      seen.add(key);
      pending.push({ line: row.line, values: parsed.data });
    }
    const inserted = await this.database.withOrg(tenant(org), async (tx) => {
      const keys = new Set<string>();
      for (const batch of chunk(pending)) {
        const rows = await insertCostCenterRowsIgnoringExisting(
          tx,
          org.orgId,
          batch.map((entry) => entry.values),
        );
        for (const row of rows) keys.add(`${row.type}:${row.code}`);
      }
      return keys;
    });
    for (const entry of pending) {
      if (!inserted.has(`${entry.values.type}:${entry.values.code}`))
        skipped.push({ row: entry.line, code: entry.values.code, reason: 'exists' });
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
