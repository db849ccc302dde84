import { sql } from 'drizzle-orm';
import { reviewPaymentAccount, type CounterpartyAccountForReview, type PaymentAccountReview } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { accountVerifiedSql } from '../counterparties/account-verified-sql';
import type { InvoiceReadingRow } from './repo';

export interface CounterpartyAccounts {
  accounts: CounterpartyAccountForReview[];
  isTrusted: boolean;
}

/**
 * The counterparty's stored accounts with their verification, read as the fraud checks and
 * counterparty_verification_state (migration 0021) read it: the latest e-mail verification
 * matched, or the latest executive one approved, for the IBAN the account has now.
 */
export async function findCounterpartyAccounts(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string | null,
): Promise<CounterpartyAccounts | null> {
  if (counterpartyId === null) return null;
  const result = await tx.execute<{
    is_trusted: boolean;
    iban: string | null;
    bic: string | null;
    name: string | null;
    verified: boolean | null;
  }>(sql`
    select c.is_trusted, b.iban, b.bic, b.name,
           ${accountVerifiedSql('b')} as verified
      from counterparties c
      left join counterparty_bank_accounts b on b.organization_id = c.organization_id and b.counterparty_id = c.id
     where c.organization_id = ${orgId} and c.id = ${counterpartyId}
     order by b.created_at, b.id`);
  const [first] = result.rows;
  if (!first) return null;
  const accounts = result.rows.flatMap((row) =>
    row.iban ? [{ iban: row.iban, bic: row.bic, name: row.name ?? '', isVerified: row.verified === true }] : [],
  );
  return { accounts, isTrusted: first.is_trusted };
}

/** Null when the invoice's document was never read (typed by hand) or reading found nothing on payment. */
export function toPaymentAccountReview(
  reading: InvoiceReadingRow | null,
  counterparty: CounterpartyAccounts | null,
  payIban: string | null,
): PaymentAccountReview | null {
  if (!reading?.payment) return null;
  return reviewPaymentAccount({
    document: reading.payment,
    counterpartyAccounts: counterparty?.accounts ?? [],
    isCounterpartyTrusted: counterparty?.isTrusted ?? false,
    payIban,
  });
}
