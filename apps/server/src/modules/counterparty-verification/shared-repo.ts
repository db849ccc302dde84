import { and, eq } from 'drizzle-orm';
import type { OrgId, Tx } from '../../db/database';
import { counterparties, counterpartyBankAccounts } from '../../db/schema';

/**
 * Reads both kinds of bank-account verification (email/, executive/) start from: the counterparty
 * and the bank account a run or request is for.
 */

export interface VerificationCounterparty {
  id: string;
  name: string;
  email: string | null;
  /** Chooses the invitation's language. */
  country: string | null;
}

/**
 * The counterparty a verification is for. With `lock`, under a key-share lock so that a concurrent
 * delete waits until the run or request is written; without, for reads (also in read-only
 * transactions, where PostgreSQL refuses row locks).
 */
export async function findVerificationCounterparty(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
  options: { lock: boolean },
): Promise<VerificationCounterparty | null> {
  const query = tx
    .select({ id: counterparties.id, name: counterparties.name, email: counterparties.email, country: counterparties.country })
    .from(counterparties)
    .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, counterpartyId)))
    .limit(1);
  const [row] = options.lock ? await query.for('key share') : await query;
  return row ?? null;
}

/**
 * The counterparty's bank account a verification names, under a key-share lock: removing the
 * account (which detaches the verifications that name it) waits until the new run or request is
 * written, so none is left pointing at an account that is gone.
 */
export async function findBankAccountOfCounterparty(
  tx: Tx,
  orgId: OrgId,
  counterpartyId: string,
  bankAccountId: string,
): Promise<{ id: string; iban: string } | null> {
  const [row] = await tx
    .select({ id: counterpartyBankAccounts.id, iban: counterpartyBankAccounts.iban })
    .from(counterpartyBankAccounts)
    .where(
      and(
        eq(counterpartyBankAccounts.organizationId, orgId),
        eq(counterpartyBankAccounts.counterpartyId, counterpartyId),
        eq(counterpartyBankAccounts.id, bankAccountId),
      ),
    )
    .limit(1)
    .for('key share');
  return row ?? null;
}
