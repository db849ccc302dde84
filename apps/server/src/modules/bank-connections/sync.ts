import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { addDaysIso, todayIso } from '@kontor/domain';
import { asOrgId, type Database, type OrgId, type Tx } from '../../db/database';
import type { JobQueue } from '../../plugins/foundation-types';
import { writeActivity } from '../activity-log/writer';
import { enqueueAutoMatch } from '../bank-matching/auto-match-job';
import { storeSyncedTransactions } from '../bank-transactions/synced-transactions';
import { BankProviderError, type ProviderTransaction } from './provider';
import type { ProviderAccess } from './provider-calls';
import { isTransient, withProviderRetry } from './provider-retry';
import { findConnectionRow, listConnectedAccountRows, type ConnectedAccountRow } from './repo';
import { writeAccountSynced, writeConnectionStatus, writeSyncStatus } from './sync-repo';

export const SYNC_JOB = 'bank-connections.sync';
/** pg-boss retries a sync this often, with back-off from 30 s, before its accounts show "failed". */
export const SYNC_RETRY_LIMIT = 3;
/** Days of history the first sync asks for (PSD2 gives at least 90). */
const FIRST_SYNC_DAYS = 90;

export const syncJobSchema = z.object({
  orgId: z.uuid(),
  connectionId: z.uuid(),
  /** Only these company accounts of the connection (an on-demand sync of one account); all when absent. */
  accountIds: z.array(z.uuid()).optional(),
});
export type SyncJob = z.infer<typeof syncJobSchema>;

export interface SyncDeps extends ProviderAccess {
  database: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

/** After commit: a job queued before could run before the accounts it syncs exist. */
export async function enqueueSync(
  deps: Pick<SyncDeps, 'jobs' | 'log'>,
  orgId: string,
  connectionId: string,
  singletonKey?: string,
  accountIds?: string[],
): Promise<void> {
  try {
    await deps.jobs.send(
      SYNC_JOB,
      { orgId, connectionId, ...(accountIds ? { accountIds } : {}) },
      singletonKey ? { singletonKey } : undefined,
    );
  } catch (error) {
    // The accounts stay "pending" and the scheduled sync takes them up; connecting must not fail for it.
    deps.log.error({ err: error, connectionId }, 'could not queue the bank sync');
  }
}

export type SyncResult =
  { outcome: 'skipped' } | { outcome: 'expired' } | { outcome: 'done'; accounts: number; transactions: number; failed: number };

/** A transaction without id, date or currency cannot be stored or recognised again: the account's sync fails. */
function checkTransactions(transactions: readonly ProviderTransaction[]): readonly ProviderTransaction[] {
  for (const transaction of transactions) {
    if (!transaction.id || !transaction.bookingDate || !transaction.currency || !Number.isInteger(transaction.amount)) {
      throw new BankProviderError('a transaction without id, date, currency or whole amount', 'refused', false);
    }
  }
  return transactions;
}

/**
 * One sync of a connection's accounts (SPEC §9: up to a minute): each account's balance and the
 * transactions since its last sync. Runs outside any transaction, writing each result as it comes.
 * Transient failures are retried in place, then by pg-boss; the last attempt marks the accounts
 * failed. A consent the bank no longer honours makes the connection `expired` (renew it).
 */
export async function syncConnection(
  deps: SyncDeps,
  job: SyncJob,
  meta: { attempt: number },
  now = new Date(),
): Promise<SyncResult> {
  const orgId = asOrgId(job.orgId);
  const context = { orgId, userId: null };
  const loaded = await deps.database.withOrg(
    context,
    async (tx) => {
      const row = await findConnectionRow(tx, orgId, job.connectionId);
      return { row, accounts: row ? await listConnectedAccountRows(tx, orgId, [row.id]) : [] };
    },
    { readOnly: true },
  );
  const { row } = loaded;
  const accounts = loaded.accounts.filter(
    (account) => account.providerAccountId !== null && (!job.accountIds || job.accountIds.includes(account.id)),
  );
  if (!row || row.status !== 'active' || accounts.length === 0) return { outcome: 'skipped' };
  if (row.accessValidUntil && row.accessValidUntil.getTime() <= now.getTime()) return markExpired(deps, orgId, row.id);

  const ids = accounts.map((account) => account.id);
  await deps.database.withOrg(context, (tx) => writeSyncStatus(tx, orgId, ids, 'running'));
  let transactions = 0;
  const failures: { account: ConnectedAccountRow; error: unknown }[] = [];
  for (const account of accounts) {
    try {
      transactions += await syncAccount(deps, orgId, account, now);
    } catch (error) {
      failures.push({ account, error });
    }
  }
  // New lines may pay open invoices: the automatic matching looks at them (issue 62).
  if (transactions > 0) await enqueueAutoMatch(deps, job.orgId);
  if (failures.length === 0) return { outcome: 'done', accounts: accounts.length, transactions, failed: 0 };

  if (failures.some(({ error }) => !isTransient(error)) && (await isConsentGone(deps, row.consentId))) {
    return markExpired(deps, orgId, row.id);
  }
  const failedIds = failures.map(({ account }) => account.id);
  const willRetry = failures.some(({ error }) => isTransient(error)) && meta.attempt <= SYNC_RETRY_LIMIT;
  await deps.database.withOrg(context, (tx) =>
    writeSyncStatus(tx, orgId, failedIds, willRetry ? 'pending' : 'failed', willRetry ? null : 'bank_sync_failed'),
  );
  // Thrown so pg-boss runs the job again after its back-off; the accounts synced already are done.
  if (willRetry) throw failures[0]!.error;
  deps.log.warn({ err: failures[0]!.error, connectionId: row.id }, 'bank sync failed');
  return { outcome: 'done', accounts: accounts.length, transactions, failed: failures.length };
}

async function syncAccount(deps: SyncDeps, orgId: OrgId, account: ConnectedAccountRow, now: Date): Promise<number> {
  const providerId = account.providerAccountId!;
  const today = todayIso(now);
  // A day of overlap: a booking dated yesterday may arrive after yesterday's sync.
  const since = account.lastSyncAt ? addDaysIso(todayIso(account.lastSyncAt), -1) : addDaysIso(today, -FIRST_SYNC_DAYS);
  const details = await withProviderRetry(() => deps.provider.account(providerId), deps.retry);
  const fetched = checkTransactions(await withProviderRetry(() => deps.provider.transactions(providerId, since), deps.retry));
  const added = await storeSyncedTransactions(deps.database, orgId, account.id, fetched);
  await deps.database.withOrg({ orgId, userId: null }, (tx) =>
    writeAccountSynced(tx, orgId, account.id, { balance: details.balance, balanceDate: details.balanceDate, at: now, added }),
  );
  return added;
}

/** Whether the bank says the consent ended (lapsed, revoked, unknown); unknown when it cannot be asked. */
async function isConsentGone(deps: SyncDeps, consentId: string): Promise<boolean> {
  try {
    const consent = await withProviderRetry(() => deps.provider.consent(consentId), deps.retry);
    return consent.status === 'expired' || consent.status === 'denied';
  } catch (error) {
    return error instanceof BankProviderError && error.code === 'not_found';
  }
}

async function markExpired(deps: SyncDeps, orgId: OrgId, connectionId: string): Promise<SyncResult> {
  await deps.database.withOrg({ orgId, userId: null }, (tx) => expireConnection(tx, orgId, connectionId));
  return { outcome: 'expired' };
}

/** The consent lapsed: the connection waits for a renewal, its accounts say why they no longer sync. */
export async function expireConnection(tx: Tx, orgId: OrgId, connectionId: string): Promise<void> {
  const row = await findConnectionRow(tx, orgId, connectionId, true);
  if (!row || row.status !== 'active') return;
  await writeConnectionStatus(tx, orgId, connectionId, 'expired');
  const accounts = await listConnectedAccountRows(tx, orgId, [connectionId]);
  await writeSyncStatus(
    tx,
    orgId,
    accounts.map((account) => account.id),
    'failed',
    'bank_access_expired',
  );
  await writeActivity(tx, orgId, {
    entityType: 'bank_connection',
    entityId: connectionId,
    action: 'update',
    actor: { type: 'system' },
    changes: { status: { from: 'active', to: 'expired' } },
  });
}
