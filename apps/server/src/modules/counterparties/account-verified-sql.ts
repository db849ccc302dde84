import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the bank account row aliased `account` (counterparty_bank_accounts) is verified for the
 * IBAN it has now: its latest e-mail verification matched, or its latest executive verification
 * approved it, as counterparty_verification_state (migration 0021) reads it. One fragment for the
 * fraud checks and the invoice's account review, so the two never disagree.
 */
export function accountVerifiedSql(account: string): SQL {
  const b = sql.raw(account);
  return sql`(coalesce((select e.iban = ${b}.iban and e.result = 'match'
                          from counterparty_email_verifications e
                         where e.organization_id = ${b}.organization_id and e.bank_account_id = ${b}.id
                         order by e.created_at desc, e.id desc limit 1), false)
              or coalesce((select x.iban = ${b}.iban and x.outcome = 'approved'
                             from counterparty_executive_verifications x
                            where x.organization_id = ${b}.organization_id and x.bank_account_id = ${b}.id
                            order by x.created_at desc, x.id desc limit 1), false))`;
}
