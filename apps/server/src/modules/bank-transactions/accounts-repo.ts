import { sql } from 'drizzle-orm';
import type { BankTransactionAccount } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import type { StatementAccount } from './camt-statement-store';

/**
 * The company accounts a statement may be for, connected ones first, then the oldest: two
 * accounts may carry the same IBAN under different names, and the synced one is where its
 * bookings already are.
 */
export async function listStatementAccounts(tx: Tx, orgId: OrgId): Promise<StatementAccount[]> {
  const result = await tx.execute<{ id: string; iban: string }>(sql`
    select id, iban from company_bank_accounts
    where organization_id = ${orgId}
    order by (bank_connection_id is null), created_at, id`);
  return result.rows;
}

type AccountRow = {
  id: string;
  name: string;
  iban: string;
  connected: boolean;
  sync_status: BankTransactionAccount['syncStatus'];
  sync_error: string | null;
  last_sync_at: Date | null;
  last_sync_added: number | null;
  balance: string | null;
  balance_date: string | null;
  transaction_count: string;
  statement_id: string | null;
  statement_period_to: string | null;
  statement_currency: string | null;
  closing_balance: string | null;
  closing_balance_date: string | null;
};

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** The accounts with where their bookings come from, how fresh they are and their latest statement. */
export async function listTransactionAccounts(tx: Tx, orgId: OrgId, accountId?: string): Promise<BankTransactionAccount[]> {
  const result = await tx.execute<AccountRow>(sql`
    select a.id, a.name, a.iban, (a.bank_connection_id is not null and c.status = 'active') as connected,
      a.sync_status, a.sync_error, a.last_sync_at, a.last_sync_added, a.balance, a.balance_date::text,
      (select count(*) from bank_transactions b where b.organization_id = a.organization_id and b.company_bank_account_id = a.id)
        as transaction_count,
      s.id as statement_id, s.period_to::text as statement_period_to, s.currency as statement_currency,
      s.closing_balance, s.closing_balance_date::text
    from company_bank_accounts a
    left join bank_connections c on c.organization_id = a.organization_id and c.id = a.bank_connection_id
    left join lateral (
      select id, period_to, currency, closing_balance, closing_balance_date from bank_statements s
      where s.organization_id = a.organization_id and s.company_bank_account_id = a.id
      order by s.period_to desc nulls last, s.id desc limit 1
    ) s on true
    where a.organization_id = ${orgId} ${accountId ? sql`and a.id = ${accountId}` : sql``}
    order by a.name, a.id`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    iban: row.iban,
    connected: row.connected,
    syncStatus: row.sync_status,
    syncError: row.sync_error,
    lastSyncAt: row.last_sync_at ? new Date(row.last_sync_at).toISOString() : null,
    lastSyncAdded: row.last_sync_added,
    balance: numberOrNull(row.balance),
    balanceDate: row.balance_date,
    transactionCount: Number(row.transaction_count),
    latestStatement: row.statement_id
      ? {
          id: row.statement_id,
          periodTo: row.statement_period_to,
          currency: row.statement_currency ?? 'EUR',
          closingBalance:
            row.closing_balance === null ? null : { amount: Number(row.closing_balance), date: row.closing_balance_date },
        }
      : null,
  }));
}

/** A connected account's connection, for an on-demand sync; null when the account is not synced. */
export async function findAccountConnection(
  tx: Tx,
  orgId: OrgId,
  accountId: string,
): Promise<{ found: boolean; connectionId: string | null }> {
  const result = await tx.execute<{ connection_id: string | null; active: boolean | null }>(sql`
    select a.bank_connection_id as connection_id, c.status = 'active' as active
    from company_bank_accounts a
    left join bank_connections c on c.organization_id = a.organization_id and c.id = a.bank_connection_id
    where a.organization_id = ${orgId} and a.id = ${accountId}`);
  const row = result.rows[0];
  if (!row) return { found: false, connectionId: null };
  return { found: true, connectionId: row.active && row.connection_id ? row.connection_id : null };
}

/** Bank transactions and statements booked on the account: what it is kept for (it cannot be deleted). */
export async function countBankRecordsOf(tx: Tx, orgId: OrgId, accountId: string): Promise<number> {
  const result = await tx.execute<{ count: string }>(sql`
    select (select count(*) from bank_transactions where organization_id = ${orgId} and company_bank_account_id = ${accountId})
      + (select count(*) from bank_statements where organization_id = ${orgId} and company_bank_account_id = ${accountId}) as count`);
  return Number(result.rows[0]?.count ?? 0);
}
