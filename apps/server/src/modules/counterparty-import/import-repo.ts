import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { COUNTERPARTY_IMPORT_LISTED_STATUSES } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { counterparties, counterpartyImports, users, type StoredImportRowResult } from '../../db/schema';

export type CounterpartyImportRow = Omit<typeof counterpartyImports.$inferSelect, 'results'>;

/** Every column but the results, which can be large: they are read a page at a time. */
const importColumns = {
  organizationId: counterpartyImports.organizationId,
  id: counterpartyImports.id,
  fileName: counterpartyImports.fileName,
  fileKey: counterpartyImports.fileKey,
  format: counterpartyImports.format,
  status: counterpartyImports.status,
  mapping: counterpartyImports.mapping,
  totalRows: counterpartyImports.totalRows,
  processedRows: counterpartyImports.processedRows,
  createdCount: counterpartyImports.createdCount,
  skippedCount: counterpartyImports.skippedCount,
  failureCode: counterpartyImports.failureCode,
  createdBy: counterpartyImports.createdBy,
  createdAt: counterpartyImports.createdAt,
  finishedAt: counterpartyImports.finishedAt,
};

export async function insertImportRow(
  tx: Tx,
  orgId: OrgId,
  values: { id: string; fileName: string; fileKey: string; format: 'csv' | 'xlsx'; totalRows: number; createdBy: string | null },
): Promise<void> {
  await tx.insert(counterpartyImports).values({ ...values, organizationId: orgId });
}

export async function findImportRow(tx: Tx, orgId: OrgId, id: string, lock?: 'update'): Promise<CounterpartyImportRow | null> {
  const query = tx
    .select(importColumns)
    .from(counterpartyImports)
    .where(and(eq(counterpartyImports.organizationId, orgId), eq(counterpartyImports.id, id)))
    .limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

export type RecentImportRow = CounterpartyImportRow & { createdByName: string | null; createdByEmail: string | null };

/**
 * The organisation's latest started imports, newest first (the id orders imports of the same
 * instant, so the list does not reshuffle between polls). Walks the (organization_id, created_at)
 * index backwards and stops at `limit`.
 */
export async function listRecentImportRows(tx: Tx, orgId: OrgId, limit: number): Promise<RecentImportRow[]> {
  return tx
    .select({ ...importColumns, createdByName: users.name, createdByEmail: users.email })
    .from(counterpartyImports)
    .leftJoin(users, eq(users.id, counterpartyImports.createdBy))
    .where(
      and(
        eq(counterpartyImports.organizationId, orgId),
        inArray(counterpartyImports.status, [...COUNTERPARTY_IMPORT_LISTED_STATUSES]),
      ),
    )
    .orderBy(desc(counterpartyImports.createdAt), desc(counterpartyImports.id))
    .limit(limit);
}

export async function markImportStarted(tx: Tx, orgId: OrgId, id: string, mapping: Record<string, number>): Promise<void> {
  await tx
    .update(counterpartyImports)
    .set({ status: 'running', mapping, processedRows: 0, createdCount: 0, skippedCount: 0, results: [] })
    .where(and(eq(counterpartyImports.organizationId, orgId), eq(counterpartyImports.id, id)));
}

/** One batch's progress, appended in the transaction that created its counterparties (a retry resumes after it). */
export async function appendImportResults(tx: Tx, orgId: OrgId, id: string, results: StoredImportRowResult[]): Promise<void> {
  const created = results.filter((result) => result.outcome === 'created').length;
  await tx
    .update(counterpartyImports)
    .set({
      processedRows: sql`${counterpartyImports.processedRows} + ${results.length}`,
      createdCount: sql`${counterpartyImports.createdCount} + ${created}`,
      skippedCount: sql`${counterpartyImports.skippedCount} + ${results.length - created}`,
      results: sql`coalesce(${counterpartyImports.results}, '[]'::jsonb) || ${JSON.stringify(results)}::jsonb`,
    })
    .where(and(eq(counterpartyImports.organizationId, orgId), eq(counterpartyImports.id, id)));
}

export async function finishImport(
  tx: Tx,
  orgId: OrgId,
  id: string,
  outcome: { status: 'done' } | { status: 'failed'; failureCode: string },
): Promise<void> {
  await tx
    .update(counterpartyImports)
    .set({
      status: outcome.status,
      failureCode: outcome.status === 'failed' ? outcome.failureCode : null,
      finishedAt: sql`now()`,
      // The true count of data rows read, should it differ from the upload's count.
      totalRows: outcome.status === 'done' ? sql`${counterpartyImports.processedRows}` : sql`${counterpartyImports.totalRows}`,
    })
    .where(and(eq(counterpartyImports.organizationId, orgId), eq(counterpartyImports.id, id)));
}

/** One page of the stored results, filtered by outcome, in file order, with the filtered total. */
export async function readImportResults(
  tx: Tx,
  orgId: OrgId,
  id: string,
  page: { outcome: 'all' | 'created' | 'skipped'; offset: number; limit: number },
): Promise<{ items: StoredImportRowResult[]; total: number }> {
  const outcomeFilter = page.outcome === 'all' ? sql`true` : sql`e.value->>'outcome' = ${page.outcome}`;
  const rows = await tx.execute<{ value: StoredImportRowResult; total: number }>(sql`
    select e.value, count(*) over ()::int as total
    from ${counterpartyImports} i
    cross join lateral jsonb_array_elements(coalesce(i.results, '[]'::jsonb)) with ordinality as e(value, n)
    where i.organization_id = ${orgId} and i.id = ${id} and ${outcomeFilter}
    order by e.n
    offset ${page.offset} limit ${page.limit}`);
  if (rows.rows.length > 0) return { items: rows.rows.map((row) => row.value), total: rows.rows[0]!.total };
  // An offset past the end still reports the total.
  const counted = await tx.execute<{ total: number }>(sql`
    select count(*)::int as total
    from ${counterpartyImports} i
    cross join lateral jsonb_array_elements(coalesce(i.results, '[]'::jsonb)) as e(value)
    where i.organization_id = ${orgId} and i.id = ${id} and ${outcomeFilter}`);
  return { items: [], total: counted.rows[0]?.total ?? 0 };
}

/** Which of these VAT numbers already belong to a counterparty of the organisation. */
export async function findExistingVatNumbers(tx: Tx, orgId: OrgId, vatNumbers: string[]): Promise<Set<string>> {
  if (vatNumbers.length === 0) return new Set();
  const rows = await tx
    .select({ vatNumber: counterparties.vatNumber })
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), inArray(counterparties.vatNumber, vatNumbers)));
  return new Set(rows.flatMap((row) => (row.vatNumber ? [row.vatNumber] : [])));
}

/** Which of these accounts-payable or -receivable numbers are taken in the organisation. */
export async function findExistingAccountNumbers(
  tx: Tx,
  orgId: OrgId,
  kind: 'payable' | 'receivable',
  numbers: string[],
): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const column = kind === 'payable' ? counterparties.accountsPayableNumber : counterparties.accountsReceivableNumber;
  const rows = await tx
    .select({ number: column })
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), inArray(column, numbers)));
  return new Set(rows.flatMap((row) => (row.number ? [row.number] : [])));
}

/** Advisory locks for many VAT numbers at once, in a fixed order (no deadlock with a parallel batch). */
export async function lockVatNumbers(tx: Tx, orgId: OrgId, vatNumbers: string[]): Promise<void> {
  if (vatNumbers.length === 0) return;
  const scopes = [...new Set(vatNumbers)].sort().map((vat) => `counterparty-vat:${vat}:${orgId}`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(s, 0))
    from unnest(${sql`array[${sql.join(
      scopes.map((scope) => sql`${scope}`),
      sql`, `,
    )}]::text[]`}) as s order by s`);
}
