import { describe, expect, it } from 'vitest';
import type { DocumentPayment } from './document-payment';
import { reviewPaymentAccount, type CounterpartyAccountForReview } from './payment-account-review';

const DOC_IBAN = 'DE89370400440532013000';
const STORED_IBAN = 'DE02120300000000202051';
const stored: CounterpartyAccountForReview = { iban: STORED_IBAN, bic: null, name: 'Hausbank', isVerified: true };

const transfer = (iban: string | null, extra: Partial<DocumentPayment> = {}): DocumentPayment => ({
  means: 'transfer',
  account: iban ? { iban, isValid: true, bic: null, role: 'seller' } : null,
  payee: null,
  ...extra,
});

const review = (document: DocumentPayment, payIban: string | null, accounts = [stored]) =>
  reviewPaymentAccount({ document, counterpartyAccounts: accounts, isCounterpartyTrusted: false, payIban });

describe('reviewPaymentAccount', () => {
  it('agrees when the paid account is the document account the counterparty has, or it has none stored', () => {
    expect(review(transfer(STORED_IBAN), STORED_IBAN)).toMatchObject({ state: 'agrees', needsDecision: false });
    expect(review(transfer(DOC_IBAN), DOC_IBAN, [])).toMatchObject({ state: 'agrees', needsDecision: false });
    expect(review(transfer(STORED_IBAN), 'DE02 1203 0000 0000 2020 51')).toMatchObject({ state: 'agrees' });
  });

  it('asks for a decision while nothing is paid and the document account is unknown, missing or invalid', () => {
    expect(review(transfer(DOC_IBAN), null)).toMatchObject({ state: 'differs', needsDecision: true });
    expect(review(transfer(null), null)).toMatchObject({ state: 'document_without_account', needsDecision: true });
    const invalid: DocumentPayment = {
      means: 'transfer',
      account: { iban: 'DE00123', isValid: false, bic: null, role: 'seller' },
      payee: null,
    };
    expect(review(invalid, null)).toMatchObject({ state: 'document_account_invalid', needsDecision: true });
    expect(review(transfer(null), STORED_IBAN)).toMatchObject({ state: 'document_without_account', needsDecision: false });
  });

  it('names a different payee first, and says when a person paid another account than the document’s', () => {
    const payee: DocumentPayment = {
      means: 'transfer',
      account: { iban: DOC_IBAN, isValid: true, bic: null, role: 'payee' },
      payee: { name: 'Factoring Bank AG', vatNumber: null },
    };
    expect(review(payee, null)).toMatchObject({ state: 'payee_differs', needsDecision: true });
    expect(review(payee, DOC_IBAN)).toMatchObject({ state: 'payee_differs', needsDecision: false });
    expect(review(payee, STORED_IBAN)).toMatchObject({ state: 'chosen_other', needsDecision: false });
  });

  it('never asks to pay a direct debit', () => {
    const debit: DocumentPayment = {
      means: 'direct_debit',
      account: { iban: DOC_IBAN, isValid: true, bic: null, role: 'debited' },
      payee: null,
    };
    expect(review(debit, null)).toMatchObject({ state: 'direct_debit', needsDecision: false });
  });
});
