import { z } from 'zod';
import { normalizeIban } from '../iban';
import { documentPaymentSchema, type DocumentPayment } from './document-payment';

/**
 * The three accounts an invoice keeps apart (issue 50): the one the document names, the
 * counterparty's stored ones, and the one that will be paid (`counterpartyIban`). This pure rule
 * says how they stand to each other, so that the form can say it plainly and let the person choose.
 */

export const counterpartyAccountForReviewSchema = z.object({
  iban: z.string(),
  bic: z.string().nullable(),
  name: z.string(),
  /** The latest e-mail or executive verification of this account confirmed this IBAN. */
  isVerified: z.boolean(),
});
export type CounterpartyAccountForReview = z.infer<typeof counterpartyAccountForReviewSchema>;

export const PAYMENT_ACCOUNT_STATES = [
  /** Paid to the document's account, which is one of the counterparty's (or it has none stored). */
  'agrees',
  /** The document is collected by direct debit: nothing is to be transferred. */
  'direct_debit',
  /** The document names a payee other than the seller: check and choose. */
  'payee_differs',
  /** The document's IBAN fails its checksum. */
  'document_account_invalid',
  /** The document names no account to pay to. */
  'document_without_account',
  /** The document's account is not among the counterparty's stored accounts. */
  'differs',
  /** A person chose to pay an account other than the document's. */
  'chosen_other',
] as const;
export const paymentAccountStateSchema = z.enum(PAYMENT_ACCOUNT_STATES);
export type PaymentAccountState = z.infer<typeof paymentAccountStateSchema>;

export const paymentAccountReviewSchema = z.object({
  state: paymentAccountStateSchema,
  /** The state asks a person to look and choose before the invoice is paid. */
  needsDecision: z.boolean(),
  document: documentPaymentSchema,
  counterpartyAccounts: z.array(counterpartyAccountForReviewSchema),
  isCounterpartyTrusted: z.boolean(),
});
export type PaymentAccountReview = z.infer<typeof paymentAccountReviewSchema>;

export interface PaymentAccountFacts {
  document: DocumentPayment;
  counterpartyAccounts: CounterpartyAccountForReview[];
  isCounterpartyTrusted: boolean;
  /** The IBAN that will be paid, as the invoice holds it now. */
  payIban: string | null;
}

const compact = (iban: string | null) => (iban === null ? null : normalizeIban(iban));

export function reviewPaymentAccount(facts: PaymentAccountFacts): PaymentAccountReview {
  const { document, counterpartyAccounts } = facts;
  const pay = compact(facts.payIban);
  const account = document.account;
  const isStored = (iban: string) => counterpartyAccounts.some((stored) => compact(stored.iban) === iban);
  let state: PaymentAccountState;
  let needsDecision = false;
  if (document.means === 'direct_debit') {
    state = 'direct_debit';
  } else if (account && pay !== null && pay !== compact(account.iban)) {
    // Whatever the document says, a person has set another account: say so, nothing more to decide.
    state = 'chosen_other';
  } else if (document.payee && account?.role === 'payee') {
    state = 'payee_differs';
    needsDecision = pay === null;
  } else if (account && !account.isValid) {
    state = 'document_account_invalid';
    needsDecision = pay === null;
  } else if (!account) {
    state = 'document_without_account';
    needsDecision = pay === null;
  } else if (counterpartyAccounts.length > 0 && !isStored(compact(account.iban)!)) {
    state = 'differs';
    needsDecision = pay === null;
  } else {
    state = 'agrees';
    needsDecision = pay === null;
  }
  return {
    state,
    needsDecision,
    document,
    counterpartyAccounts,
    isCounterpartyTrusted: facts.isCounterpartyTrusted,
  };
}

/** Where the chosen account comes from; the choice is kept in the activity log. */
export const PAYMENT_ACCOUNT_CHOICES = ['document', 'counterparty'] as const;
export const chooseInvoicePaymentAccountBodySchema = z.object({
  source: z.enum(PAYMENT_ACCOUNT_CHOICES),
  /** The IBAN chosen: the document's, or one of the counterparty's stored accounts. */
  iban: z.string().min(1).max(42),
  version: z.number().int().min(1),
});
export type ChooseInvoicePaymentAccountBody = z.infer<typeof chooseInvoicePaymentAccountBodySchema>;
