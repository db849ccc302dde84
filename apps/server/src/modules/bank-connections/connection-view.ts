import { accessExpiry, type AccessExpiry, type BankConnection, type BankConnectionAccount } from '@kontor/domain';
import type { BankConnectionRow, ConnectedAccountRow } from './repo';

/**
 * Only a connection whose consent is (or was) in force has an access that can lapse; one the bank
 * ended before its date (revoked, expired early) is expired whatever the date said.
 */
function expiryOf(row: BankConnectionRow, now: Date): AccessExpiry {
  if (row.status === 'expired') return 'expired';
  return row.status === 'active' ? accessExpiry(row.accessValidUntil, now) : 'ok';
}

function offeredAccounts(row: BankConnectionRow, connectedElsewhere: ReadonlySet<string>): BankConnectionAccount[] {
  return (row.offeredAccounts ?? []).map((account) => ({
    providerAccountId: account.id,
    iban: account.iban,
    name: account.name,
    currency: account.currency,
    balance: account.balance,
    companyBankAccountId: null,
    isConnectedElsewhere: connectedElsewhere.has(account.iban),
    syncStatus: null,
    lastSyncAt: null,
    syncError: null,
  }));
}

function connectedAccount(row: BankConnectionRow, account: ConnectedAccountRow): BankConnectionAccount {
  const offered = row.offeredAccounts?.find((candidate) => candidate.iban === account.iban);
  return {
    providerAccountId: account.providerAccountId ?? '',
    iban: account.iban,
    name: account.name,
    currency: offered?.currency ?? 'EUR',
    balance: account.balance,
    companyBankAccountId: account.id,
    isConnectedElsewhere: false,
    syncStatus: account.syncStatus,
    lastSyncAt: account.lastSyncAt?.toISOString() ?? null,
    syncError: account.syncError,
  };
}

/**
 * The API's view of a connection: while accounts are to be chosen, those the consent covers (with
 * which are connected elsewhere already); afterwards the company bank accounts connected through it.
 */
export function toBankConnection(
  row: BankConnectionRow,
  accounts: readonly ConnectedAccountRow[],
  connectedElsewhere: ReadonlySet<string> = new Set(),
  now = new Date(),
): BankConnection {
  const linked = accounts.filter((account) => account.bankConnectionId === row.id);
  return {
    id: row.id,
    institutionId: row.institutionId,
    institutionName: row.institutionName,
    country: row.country,
    status: row.status,
    accessValidUntil: row.accessValidUntil?.toISOString() ?? null,
    accessExpiry: expiryOf(row, now),
    accounts:
      row.status === 'awaiting_accounts'
        ? offeredAccounts(row, connectedElsewhere)
        : linked.map((account) => connectedAccount(row, account)),
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}
