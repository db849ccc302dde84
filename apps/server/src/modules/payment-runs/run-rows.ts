import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { EXPORT_BLOCKING_ANALYSIS_STATUSES, type PaymentRunStatus } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { paymentRuns, transactions, users } from '../../db/schema';
import { lockOrganizationScope } from '../master-data/db-errors';

export type PaymentRunRow = typeof paymentRuns.$inferSelect;
type RunPatch = Partial<Omit<PaymentRunRow, 'organizationId' | 'id' | 'number' | 'version' | 'createdAt' | 'updatedAt'>>;

export async function findRunRow(
  tx: Tx,
  orgId: OrgId,
  id: string,
  options: { lock?: boolean } = {},
): Promise<PaymentRunRow | null> {
  const query = tx
    .select()
    .from(paymentRuns)
    .where(and(eq(paymentRuns.organizationId, orgId), eq(paymentRuns.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * A new run with the next number of its organisation. The advisory lock serialises numbering per
 * organisation until commit, so two runs created at the same moment never take the same number.
 * With `automaticRunDate`, a run that already exists for that day makes this return null.
 */
export async function insertRunRow(
  tx: Tx,
  orgId: OrgId,
  values: Pick<PaymentRunRow, 'name' | 'origin' | 'createdBy' | 'automaticRunDate'>,
): Promise<PaymentRunRow | null> {
  await lockOrganizationScope(tx, orgId, 'payment-run-number');
  const [next] = await tx
    .select({ number: sql<number>`coalesce(max(${paymentRuns.number}), 0) + 1`.mapWith(Number) })
    .from(paymentRuns)
    .where(eq(paymentRuns.organizationId, orgId));
  const [row] = await tx
    .insert(paymentRuns)
    .values({ ...values, organizationId: orgId, number: next!.number })
    .onConflictDoNothing({
      target: [paymentRuns.organizationId, paymentRuns.automaticRunDate],
      where: sql`automatic_run_date is not null`,
    })
    .returning();
  return row ?? null;
}

/** Sets columns and bumps the version; the caller holds the row lock and checked the version. */
export async function updateRunRow(tx: Tx, orgId: OrgId, id: string, patch: RunPatch): Promise<PaymentRunRow> {
  const [row] = await tx
    .update(paymentRuns)
    .set({ ...patch, version: sql`${paymentRuns.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(paymentRuns.organizationId, orgId), eq(paymentRuns.id, id)))
    .returning();
  if (!row) throw new Error('payment run update returned nothing');
  return row;
}

export async function deleteRunRow(tx: Tx, orgId: OrgId, id: string): Promise<void> {
  await tx.delete(paymentRuns).where(and(eq(paymentRuns.organizationId, orgId), eq(paymentRuns.id, id)));
}

export interface RunFigures {
  transactionCount: number;
  totalAmount: number;
  blockedCount: number;
  earliestExecutionDate: string | null;
}

const blockingStatuses = sql.join(
  EXPORT_BLOCKING_ANALYSIS_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** Count, EUR total, export-blocking analyses and the earliest date of each run's transactions. */
export async function runFigures(tx: Tx, orgId: OrgId, runIds: readonly string[]): Promise<Map<string, RunFigures>> {
  if (runIds.length === 0) return new Map();
  const rows = await tx
    .select({
      runId: transactions.paymentRunId,
      transactionCount: sql<number>`count(*)`.mapWith(Number),
      totalAmount: sql<number>`coalesce(sum(${transactions.amount}) filter (where ${transactions.currency} = 'EUR'), 0)`.mapWith(
        Number,
      ),
      blockedCount: sql<number>`count(*) filter (where ${transactions.analysisStatus} in (${blockingStatuses}))`.mapWith(Number),
      earliestExecutionDate: sql<string | null>`min(${transactions.requestedExecutionDate})::text`,
    })
    .from(transactions)
    .where(and(eq(transactions.organizationId, orgId), inArray(transactions.paymentRunId, [...runIds])))
    .groupBy(transactions.paymentRunId);
  return new Map(rows.map(({ runId, ...figures }) => [runId!, figures]));
}

export interface PaymentBlockRow {
  debitorIban: string;
  debitorName: string;
  requestedExecutionDate: string;
  count: number;
  amount: number;
}

/** One row per SEPA payment-information block: debitor account and execution date. */
export async function runPaymentBlocks(tx: Tx, orgId: OrgId, runId: string): Promise<PaymentBlockRow[]> {
  return tx
    .select({
      debitorIban: transactions.debitorIban,
      debitorName: sql<string>`min(${transactions.debitorName})`,
      requestedExecutionDate: sql<string>`${transactions.requestedExecutionDate}::text`,
      count: sql<number>`count(*)`.mapWith(Number),
      amount: sql<number>`sum(${transactions.amount})`.mapWith(Number),
    })
    .from(transactions)
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.paymentRunId, runId)))
    .groupBy(transactions.debitorIban, transactions.requestedExecutionDate)
    .orderBy(transactions.debitorIban, transactions.requestedExecutionDate);
}

/** Display names of users (creator, exporter), by id. */
export async function userNames(tx: Tx, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name || row.email]));
}

/** A page of runs, newest first; the cursor is the last row's (created_at as text, to the microsecond, id). */
export async function listRunRows(
  tx: Tx,
  orgId: OrgId,
  query: { statuses?: readonly PaymentRunStatus[]; limit: number; after?: { createdAt: string; id: string } },
): Promise<{ run: PaymentRunRow; createdAtKey: string }[]> {
  const conditions: (SQL | undefined)[] = [eq(paymentRuns.organizationId, orgId)];
  if (query.statuses && query.statuses.length > 0) conditions.push(inArray(paymentRuns.status, [...query.statuses]));
  if (query.after) {
    const after = sql`${query.after.createdAt}::timestamptz`;
    conditions.push(
      or(lt(paymentRuns.createdAt, after), and(eq(paymentRuns.createdAt, after), lt(paymentRuns.id, query.after.id))),
    );
  }
  return tx
    .select({ run: paymentRuns, createdAtKey: sql<string>`${paymentRuns.createdAt}::text` })
    .from(paymentRuns)
    .where(and(...conditions))
    .orderBy(desc(paymentRuns.createdAt), desc(paymentRuns.id))
    .limit(query.limit);
}
