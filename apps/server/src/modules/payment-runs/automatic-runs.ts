import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { MAX_PAYMENT_RUN_TRANSACTIONS, planPaymentRun } from '@kontor/domain';
import type { Database, OrgId } from '../../db/database';
import { organizations, paymentRuns, transactions } from '../../db/schema';
import { lockOrganizationScope } from '../master-data/db-errors';
import { createRunWithTransactions } from './create-run';

export interface AutomaticRunResult {
  /** Whether today is a run day of the organisation's strategy. */
  runDay: boolean;
  /** Open transactions the strategy picked. */
  planned: number;
  /** The run created now; null when nothing was due or the day already has its run. */
  runId: string | null;
  runSize: number;
}

/**
 * The automatic payment run of one organisation for one business day (SPEC §9): the domain plan
 * over the open transactions that are in no run, then one run with origin `automatic`. Running it
 * again for the same day creates nothing (checked first, and the unique index on the day backs it).
 */
export async function createAutomaticRun(database: Database, orgId: OrgId, date: string): Promise<AutomaticRunResult> {
  return database.withOrg({ orgId, userId: null }, async (tx) => {
    const [organization] = await tx
      .select({ strategy: organizations.paymentRunCreationStrategy })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    if (!organization) return { runDay: false, planned: 0, runId: null, runSize: 0 };
    // Two deliveries of the job for one day queue here; the second then finds the first one's run.
    await lockOrganizationScope(tx, orgId, 'payment-run-automatic');
    const [existing] = await tx
      .select({ id: paymentRuns.id })
      .from(paymentRuns)
      .where(and(eq(paymentRuns.organizationId, orgId), eq(paymentRuns.automaticRunDate, date)));
    const open = await tx
      .select({ id: transactions.id, requestedExecutionDate: sql<string>`${transactions.requestedExecutionDate}::text` })
      .from(transactions)
      .where(and(eq(transactions.organizationId, orgId), eq(transactions.status, 'open'), isNull(transactions.paymentRunId)))
      .orderBy(asc(transactions.requestedExecutionDate), asc(transactions.id));
    const plan = planPaymentRun(organization.strategy, date, open);
    const result = { runDay: plan.runDay, planned: plan.transactionIds.length, runId: null, runSize: 0 };
    if (!plan.createRun || existing) return result;
    // Earliest dates first (the order above); what exceeds one run's size waits for the next day.
    const ids = plan.transactionIds.slice(0, MAX_PAYMENT_RUN_TRANSACTIONS);
    const run = await createRunWithTransactions(
      tx,
      orgId,
      ids,
      { name: null, origin: 'automatic', automaticRunDate: date, createdBy: null },
      { type: 'system' },
    );
    return run ? { ...result, runId: run.id, runSize: ids.length } : result;
  });
}

/** Organisations whose strategy may create runs; read as the owner, across organisations. */
export async function listAutomaticRunOrganizations(database: Database): Promise<OrgId[]> {
  const rows = await database.withSystem((tx) =>
    tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(sql`${organizations.paymentRunCreationStrategy} ->> 'mode' <> 'disabled'`)
      .orderBy(asc(organizations.id)),
  );
  return rows.map((row) => row.id as OrgId);
}
