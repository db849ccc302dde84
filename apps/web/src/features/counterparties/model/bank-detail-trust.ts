import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { listIbansNewToTrust } from '@kontor/domain/counterparties/trust';
import { isIban } from '@kontor/domain/iban';

type TrustedRecord = Pick<Counterparty, 'isTrusted' | 'bankAccounts'>;

/**
 * Whether saving these accounts costs the record its trust, by the server's rule (an IBAN the
 * trusted record did not have): the form says so before the user saves. An IBAN still being typed
 * says nothing yet.
 */
export function willRemoveTrust(record: TrustedRecord | null, accounts: readonly { iban?: string }[]): boolean {
  if (!record?.isTrusted) return false;
  const typed = accounts.flatMap((account) => (account.iban && isIban(account.iban) ? [account.iban] : []));
  return (
    listIbansNewToTrust(
      record.bankAccounts.map((account) => account.iban),
      typed,
    ).length > 0
  );
}

/** Whether the save that turned `before` into `saved` took the trust away (only a change of bank details does). */
export function hasLostTrust(before: Pick<Counterparty, 'isTrusted'> | null, saved: Pick<Counterparty, 'isTrusted'>): boolean {
  return before?.isTrusted === true && !saved.isTrusted;
}
