import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BankTransactionDirection, BankTransactionSource } from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { bankTransactions } from '../../db/schema';
import { bookExportedPayments } from './booked-payments';

/** A bank transaction ready to store (the same from a sync and from a camt.053 upload). */
export interface NewBankTransaction {
  companyBankAccountId: string;
  source: BankTransactionSource;
  dedupeKey: string;
  providerTransactionId: string | null;
  statementId: string | null;
  importId: string | null;
  direction: BankTransactionDirection;
  amount: number;
  currency: string;
  bookingDate: string;
  valueDate: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  counterpartyBic: string | null;
  remittanceInformation: string | null;
  creditorReference: string | null;
  endToEndId: string | null;
  bankReference: string | null;
  bankTransactionCode: string | null;
  entryKey: string | null;
  entryAmount: number | null;
}

/** The identifying content of a booking: what a sync and a statement both say of it. */
export interface BookingIdentity {
  accountId: string;
  bookingDate: string;
  direction: BankTransactionDirection;
  amount: number;
  currency: string;
  endToEndId: string | null;
  remittanceInformation: string | null;
  counterpartyIban: string | null;
}

/**
 * Letters and digits only, upper case: a bank writes the same remittance with other line breaks
 * and spacing in its camt.053 than in its API (GoCardless joins the lines, camt keeps them).
 */
function compact(text: string | null): string {
  return (text ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function digest(parts: readonly (string | number)[]): string {
  return createHash('sha256').update(parts.join('\u001f')).digest('base64url').slice(0, 32);
}

/**
 * Numbers equal bookings within one read (a statement, a sync's window): the second of two
 * identical bank fees on one day is `#2`, in the next read as well, so it is stored once and
 * never merged with the first. Keep one per statement or sync.
 */
export class DedupeKeys {
  private readonly seen = new Map<string, number>();

  keyOf(identity: BookingIdentity): string {
    const reference = identity.endToEndId
      ? `e2e:${identity.endToEndId.trim()}`
      : `rmt:${compact(identity.remittanceInformation)}`;
    const base = digest([
      identity.accountId,
      identity.bookingDate,
      identity.direction === 'incoming' ? identity.amount : -identity.amount,
      identity.currency,
      reference,
      compact(identity.counterpartyIban),
    ]);
    const occurrence = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, occurrence);
    return `${base}#${occurrence}`;
  }
}

/** Rows per INSERT: with `unnest` a thousand rows are 21 parameters, not 21,000. */
const INSERT_ROWS = 1000;

/**
 * Stores the rows, skipping every one already stored (its dedupe key or provider id), and books
 * the exported payments the new outgoing ones paid. Answers the dedupe keys stored now.
 */
export async function storeBankTransactions(tx: Tx, orgId: OrgId, rows: readonly NewBankTransaction[]): Promise<Set<string>> {
  const stored = new Set<string>();
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += INSERT_ROWS) {
    for (const row of await insertChunk(tx, orgId, rows.slice(start, start + INSERT_ROWS))) {
      stored.add(row.dedupe_key);
      if (row.direction === 'outgoing') ids.push(row.id);
    }
  }
  if (ids.length > 0) await bookExportedPayments(tx, orgId, ids);
  return stored;
}

async function insertChunk(
  tx: Tx,
  orgId: OrgId,
  rows: readonly NewBankTransaction[],
): Promise<{ id: string; dedupe_key: string; direction: BankTransactionDirection }[]> {
  if (rows.length === 0) return [];
  const column = <T>(pick: (row: NewBankTransaction) => T) => sql.param(rows.map(pick));
  const result = await tx.execute<{ id: string; dedupe_key: string; direction: BankTransactionDirection }>(sql`
    insert into ${bankTransactions} (organization_id, company_bank_account_id, source, dedupe_key, provider_transaction_id,
      statement_id, import_id, direction, amount, currency, booking_date, value_date, counterparty_name, counterparty_iban,
      counterparty_bic, remittance_information, creditor_reference, end_to_end_id, bank_reference, bank_transaction_code,
      entry_key, entry_amount)
    select ${orgId}, r.* from unnest(
      ${column((row) => row.companyBankAccountId)}::uuid[],
      ${column((row) => row.source)}::text[],
      ${column((row) => row.dedupeKey)}::text[],
      ${column((row) => row.providerTransactionId)}::text[],
      ${column((row) => row.statementId)}::uuid[],
      ${column((row) => row.importId)}::uuid[],
      ${column((row) => row.direction)}::text[],
      ${column((row) => row.amount)}::bigint[],
      ${column((row) => row.currency)}::text[],
      ${column((row) => row.bookingDate)}::date[],
      ${column((row) => row.valueDate)}::date[],
      ${column((row) => row.counterpartyName)}::text[],
      ${column((row) => row.counterpartyIban)}::text[],
      ${column((row) => row.counterpartyBic)}::text[],
      ${column((row) => row.remittanceInformation)}::text[],
      ${column((row) => row.creditorReference)}::text[],
      ${column((row) => row.endToEndId)}::text[],
      ${column((row) => row.bankReference)}::text[],
      ${column((row) => row.bankTransactionCode)}::text[],
      ${column((row) => row.entryKey)}::text[],
      ${column((row) => row.entryAmount)}::bigint[]
    ) as r
    on conflict do nothing
    returning id, dedupe_key, direction`);
  return result.rows;
}

/** From this many new rows on, the table's statistics are renewed at once (see below). */
const ANALYZE_AFTER_ROWS = 5_000;

/**
 * A first statement or sync can multiply an organisation's rows within seconds, long before
 * autovacuum's next look: planned on the old statistics, the list's first page sorted every row
 * (70 ms for 100,000) instead of reading 50 index entries (0.4 ms). As the owner: the tenants'
 * role may not analyse.
 */
export async function refreshStatisticsAfter(database: Database, added: number): Promise<void> {
  if (added < ANALYZE_AFTER_ROWS) return;
  await database.withSystem((tx) => tx.execute(sql`analyze bank_transactions`));
}
