import type { BankTransactionAccount } from '@kontor/domain/banking/bank-transaction-api';

type SyncStatus = BankTransactionAccount['syncStatus'];

/** A sync asked for and not yet ended: the accounts are asked again until it has. */
export function isSyncing(account: Pick<BankTransactionAccount, 'syncStatus'>): boolean {
  return account.syncStatus === 'pending' || account.syncStatus === 'running';
}

export interface ShownBalance {
  /** The bank's own balance from the last sync, or the closing balance of the latest statement. */
  source: 'bank' | 'statement';
  amount: number;
  currency: string;
  date: string | null;
}

/**
 * The balance an account card shows: the newer of the bank's balance (last sync) and the latest
 * statement's closing balance; the bank's when their dates tie or one has none. The account has
 * no currency of its own in the contract: its latest statement's, else euros.
 */
export function shownBalance(account: BankTransactionAccount): ShownBalance | null {
  const statement = account.latestStatement;
  const currency = statement?.currency ?? 'EUR';
  const bank: ShownBalance | null =
    account.balance === null ? null : { source: 'bank', amount: account.balance, currency, date: account.balanceDate };
  const closing = statement?.closingBalance;
  const fromStatement: ShownBalance | null = closing
    ? { source: 'statement', amount: closing.amount, currency, date: closing.date ?? statement.periodTo }
    : null;
  if (!bank || !fromStatement) return bank ?? fromStatement;
  if (bank.date && fromStatement.date && fromStatement.date.slice(0, 10) > bank.date.slice(0, 10)) return fromStatement;
  return bank;
}

/**
 * The accounts whose sync ended since the last answer (it was pending or running, now it is done
 * or failed): the list and totals then refresh, and the reader is told.
 */
export function endedSyncs(
  before: ReadonlyMap<string, SyncStatus> | null,
  accounts: readonly BankTransactionAccount[],
): BankTransactionAccount[] {
  if (!before) return [];
  return accounts.filter((account) => {
    const previous = before.get(account.id);
    return (previous === 'pending' || previous === 'running') && !isSyncing(account) && account.syncStatus !== null;
  });
}

export function syncStatuses(accounts: readonly BankTransactionAccount[]): Map<string, SyncStatus> {
  return new Map(accounts.map((account) => [account.id, account.syncStatus]));
}
