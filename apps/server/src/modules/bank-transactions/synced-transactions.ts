import type { Database, OrgId } from '../../db/database';
import { DedupeKeys, refreshStatisticsAfter, storeBankTransactions, type NewBankTransaction } from './store-transactions';

/** A booking as a bank connection delivers it; amounts in minor units, negative for outgoing. */
export interface SyncedTransaction {
  id: string;
  bookingDate: string;
  valueDate: string | null;
  amount: number;
  currency: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittanceInformation: string | null;
  endToEndId: string | null;
}

/** Rows per database transaction: a sync of 10,000 bookings commits in steps, each step a few inserts. */
const SYNC_BATCH = 2000;

export function toBankTransactionRows(accountId: string, transactions: readonly SyncedTransaction[]): NewBankTransaction[] {
  // One read: the window starts at a day's beginning, so equal bookings of a day are numbered alike every time.
  const keys = new DedupeKeys();
  return transactions.map((transaction) => {
    const direction = transaction.amount < 0 ? 'outgoing' : 'incoming';
    const amount = Math.abs(transaction.amount);
    const counterpartyIban = transaction.counterpartyIban?.replace(/\s+/g, '').toUpperCase() || null;
    return {
      companyBankAccountId: accountId,
      source: 'sync',
      dedupeKey: keys.keyOf({
        accountId,
        bookingDate: transaction.bookingDate,
        direction,
        amount,
        currency: transaction.currency,
        endToEndId: transaction.endToEndId,
        remittanceInformation: transaction.remittanceInformation,
        counterpartyIban,
      }),
      providerTransactionId: transaction.id,
      statementId: null,
      importId: null,
      direction,
      amount,
      currency: transaction.currency,
      bookingDate: transaction.bookingDate,
      valueDate: transaction.valueDate,
      counterpartyName: transaction.counterpartyName,
      counterpartyIban,
      counterpartyBic: null,
      remittanceInformation: transaction.remittanceInformation,
      creditorReference: null,
      endToEndId: transaction.endToEndId,
      bankReference: null,
      bankTransactionCode: null,
      entryKey: null,
      entryAmount: null,
    };
  });
}

/**
 * Stores what a sync fetched for one account (issue 61 item 3), in steps of their own: a sync
 * that fails half-way keeps what it stored, and its retry, which reads the same window again,
 * adds only the rest (the dedupe key and the provider's id). Answers how many were new.
 */
export async function storeSyncedTransactions(
  database: Database,
  orgId: OrgId,
  accountId: string,
  transactions: readonly SyncedTransaction[],
): Promise<number> {
  const rows = toBankTransactionRows(accountId, transactions);
  let added = 0;
  for (let start = 0; start < rows.length; start += SYNC_BATCH) {
    const chunk = rows.slice(start, start + SYNC_BATCH);
    added += (await database.withOrg({ orgId, userId: null }, (tx) => storeBankTransactions(tx, orgId, chunk))).size;
  }
  await refreshStatisticsAfter(database, added);
  return added;
}
