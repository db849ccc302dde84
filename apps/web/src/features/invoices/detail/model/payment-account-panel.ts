import { normalizeIban } from '@kontor/domain/iban';
import type { PaymentAccountReview, PaymentAccountState } from '@kontor/domain/invoices/payment-account-review';

/** IBANs are compared as the server stores them (electronic format: no spaces, upper case). */
export const isSameIban = (a: string | null | undefined, b: string | null | undefined): boolean =>
  a && b ? normalizeIban(a) === normalizeIban(b) : false;

/**
 * The sentence that says how the accounts stand, as a key under `paymentAccount.states` with its
 * values. A state that asks for a decision reads differently once the account to pay is set.
 */
export type PaymentAccountSentence =
  | { key: `${Exclude<PaymentAccountState, 'direct_debit' | 'chosen_other'>}.${'open' | 'settled'}`; values?: { name: string } }
  | { key: 'agrees.withoutStoredAccounts' | 'chosen_other' | 'direct_debit.withoutAccount' }
  | { key: 'direct_debit.withAccount'; values: { iban: string } };

export interface PaymentAccountSummary {
  sentence: PaymentAccountSentence;
  /** Warning while a person still has to look and choose; calm information otherwise. */
  tone: 'warning' | 'info';
}

/**
 * What the panel says about the review. `payeeFallback` names a payee the document leaves unnamed;
 * `formatIban` writes the debited account the way people read it.
 */
export function summarizePaymentAccount(
  review: PaymentAccountReview,
  payeeFallback: string,
  formatIban: (iban: string) => string,
): PaymentAccountSummary {
  const { state, needsDecision, document } = review;
  const tone = needsDecision ? 'warning' : 'info';
  const phase = needsDecision ? 'open' : 'settled';
  switch (state) {
    case 'direct_debit':
      return {
        tone,
        sentence: document.account
          ? { key: 'direct_debit.withAccount', values: { iban: formatIban(document.account.iban) } }
          : { key: 'direct_debit.withoutAccount' },
      };
    case 'chosen_other':
      return { tone, sentence: { key: 'chosen_other' } };
    case 'payee_differs':
      return { tone, sentence: { key: `payee_differs.${phase}`, values: { name: document.payee?.name ?? payeeFallback } } };
    case 'agrees':
      // Nothing to compare with is not the same as matching: say which it is.
      if (!needsDecision && review.counterpartyAccounts.length === 0)
        return { tone, sentence: { key: 'agrees.withoutStoredAccounts' } };
      return { tone, sentence: { key: `agrees.${phase}` } };
    default:
      return { tone, sentence: { key: `${state}.${phase}` } };
  }
}

/**
 * Whether the document's account may be offered as the one to pay: a valid IBAN to transfer to.
 * The buyer's own account of a direct debit is never one (the server refuses it too).
 */
export function isDocumentAccountPayable(review: PaymentAccountReview): boolean {
  const { account, means } = review.document;
  return account !== null && account.isValid && account.role !== 'debited' && means !== 'direct_debit';
}

/** Where each candidate stands: whether it is paid now, and whether a button may choose it. */
export interface PaymentAccountCandidates {
  document: { iban: string; isPaid: boolean; isChoosable: boolean } | null;
  counterparty: { iban: string; isPaid: boolean; isChoosable: boolean }[];
}

/** The candidates with their standing against `payIban`, the IBAN the saved invoice pays now. */
export function paymentAccountCandidates(review: PaymentAccountReview, payIban: string | null): PaymentAccountCandidates {
  const account = review.document.account;
  const isDocumentPayable = isDocumentAccountPayable(review);
  return {
    document: account
      ? {
          iban: account.iban,
          isPaid: isSameIban(account.iban, payIban),
          isChoosable: isDocumentPayable && !isSameIban(account.iban, payIban),
        }
      : null,
    counterparty: review.counterpartyAccounts.map((stored) => ({
      iban: stored.iban,
      isPaid: isSameIban(stored.iban, payIban),
      isChoosable: !isSameIban(stored.iban, payIban),
    })),
  };
}
