import type { CounterpartyFields } from '@kontor/domain';
import { AppError, isAppError } from '../../lib/app-error';
import { uniqueViolationConstraint } from '../master-data/db-errors';

/** The record field behind each unique index the survivor's update can hit. */
const CONSTRAINT_FIELDS: Record<string, 'accountsPayableNumber' | 'accountsReceivableNumber' | 'bankAccounts'> = {
  counterparties_ap_number_uq: 'accountsPayableNumber',
  counterparties_ar_number_uq: 'accountsReceivableNumber',
  counterparty_bank_accounts_uq: 'bankAccounts',
};

/** SPEC §8 "merge failed, duplicate key": the field and the value another counterparty holds already. */
export function mergeDuplicateKey(field: string, value: string | null): AppError {
  return new AppError(
    'merge_failed_duplicate_key',
    { field, value: value ?? field },
    { fieldErrors: { [field]: ['number_taken'] } },
  );
}

/** The PostgreSQL SQLSTATE on the error or its causes (drizzle wraps the driver's error). */
function sqlState(error: unknown): string | null {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * Runs the merge and answers its failures as SPEC §8 does: a unique index still hit after the
 * merged counterparty is gone → merge_failed_duplicate_key naming the field; any other integrity
 * violation (foreign key, check) → merge_failed. The transaction has rolled back by then, so
 * "nothing was changed" in the messages holds. Errors the service raised itself pass unchanged.
 */
export async function translateMergeFailures<T>(work: () => Promise<T>, attempted: () => CounterpartyFields | null): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) throw error;
    const constraint = uniqueViolationConstraint(error);
    if (constraint !== null) {
      const field = CONSTRAINT_FIELDS[constraint] ?? 'counterparty';
      const fields = attempted();
      const value = field === 'accountsPayableNumber' || field === 'accountsReceivableNumber' ? (fields?.[field] ?? null) : null;
      throw mergeDuplicateKey(field, value);
    }
    if (sqlState(error)?.startsWith('23')) throw new AppError('merge_failed', undefined, { cause: error });
    throw error;
  }
}
