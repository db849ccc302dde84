import { describe, expect, it } from 'vitest';
import type { PaymentAccountReview } from '@kontor/domain/invoices/payment-account-review';
import { isDocumentAccountPayable, isSameIban, paymentAccountCandidates, summarizePaymentAccount } from './payment-account-panel';

const FACTORING_IBAN = 'DE89370400440532013000';
const STORED_IBAN = 'DE02120300000000202051';

function review(overrides: Partial<PaymentAccountReview> = {}): PaymentAccountReview {
  return {
    state: 'agrees',
    needsDecision: false,
    document: { means: 'transfer', account: { iban: FACTORING_IBAN, isValid: true, bic: null, role: 'seller' }, payee: null },
    counterpartyAccounts: [],
    isCounterpartyTrusted: false,
    ...overrides,
  };
}

const grouped = (iban: string) => `grouped:${iban}`;
const summarize = (value: PaymentAccountReview) => summarizePaymentAccount(value, 'unnamed', grouped);

describe('summarizePaymentAccount', () => {
  it('asks to check a different payee by name while no account is set, and calms down once one is', () => {
    const payee = { name: 'Factoring Bank AG', vatNumber: null };
    const document = { ...review().document, payee, account: { ...review().document.account!, role: 'payee' as const } };
    expect(summarize(review({ state: 'payee_differs', needsDecision: true, document }))).toEqual({
      tone: 'warning',
      sentence: { key: 'payee_differs.open', values: { name: 'Factoring Bank AG' } },
    });
    expect(summarize(review({ state: 'payee_differs', needsDecision: false, document })).sentence.key).toBe(
      'payee_differs.settled',
    );
    const unnamed = { ...document, payee: { name: null, vatNumber: null } };
    expect(summarize(review({ state: 'payee_differs', needsDecision: true, document: unnamed })).sentence).toEqual({
      key: 'payee_differs.open',
      values: { name: 'unnamed' },
    });
  });

  it('names the account a direct debit is collected from', () => {
    const debited = { iban: FACTORING_IBAN, isValid: true, bic: null, role: 'debited' as const };
    expect(
      summarize(review({ state: 'direct_debit', document: { means: 'direct_debit', account: debited, payee: null } })),
    ).toEqual({
      tone: 'info',
      sentence: { key: 'direct_debit.withAccount', values: { iban: `grouped:${FACTORING_IBAN}` } },
    });
    const withoutAccount = review({ state: 'direct_debit', document: { means: 'direct_debit', account: null, payee: null } });
    expect(summarize(withoutAccount).sentence.key).toBe('direct_debit.withoutAccount');
  });

  it('tells "matches a stored account" from "nothing stored to compare with"', () => {
    expect(summarize(review()).sentence.key).toBe('agrees.withoutStoredAccounts');
    const stored = [{ iban: FACTORING_IBAN, bic: null, name: 'Hausbank', isVerified: true }];
    expect(summarize(review({ counterpartyAccounts: stored })).sentence.key).toBe('agrees.settled');
    expect(summarize(review({ needsDecision: true })).sentence.key).toBe('agrees.open');
  });

  it('words the other states by whether a decision is still needed', () => {
    expect(summarize(review({ state: 'differs', needsDecision: true }))).toEqual({
      tone: 'warning',
      sentence: { key: 'differs.open' },
    });
    expect(summarize(review({ state: 'document_without_account', needsDecision: false })).sentence.key).toBe(
      'document_without_account.settled',
    );
    expect(summarize(review({ state: 'document_account_invalid', needsDecision: true })).sentence.key).toBe(
      'document_account_invalid.open',
    );
    expect(summarize(review({ state: 'chosen_other' }))).toEqual({ tone: 'info', sentence: { key: 'chosen_other' } });
  });
});

describe('paymentAccountCandidates', () => {
  const stored = [
    { iban: STORED_IBAN, bic: 'BYLADEM1001', name: 'Hausbank', isVerified: true },
    { iban: FACTORING_IBAN, bic: null, name: 'Factoring', isVerified: false },
  ];

  it('offers every account but the one paid now, compared without spaces', () => {
    const candidates = paymentAccountCandidates(review({ counterpartyAccounts: stored }), 'de02 1203 0000 0000 2020 51');
    expect(candidates.document).toEqual({ iban: FACTORING_IBAN, isPaid: false, isChoosable: true });
    expect(candidates.counterparty).toEqual([
      { iban: STORED_IBAN, isPaid: true, isChoosable: false },
      { iban: FACTORING_IBAN, isPaid: false, isChoosable: true },
    ]);
    expect(paymentAccountCandidates(review(), FACTORING_IBAN).document).toMatchObject({ isPaid: true, isChoosable: false });
  });

  it('never offers an invalid IBAN, the account a direct debit takes from, or any account of a direct debit', () => {
    const invalid = review({ document: { ...review().document, account: { ...review().document.account!, isValid: false } } });
    expect(isDocumentAccountPayable(invalid)).toBe(false);
    expect(paymentAccountCandidates(invalid, null).document).toMatchObject({ isChoosable: false });
    const debited = review({ document: { ...review().document, account: { ...review().document.account!, role: 'debited' } } });
    expect(isDocumentAccountPayable(debited)).toBe(false);
    expect(isDocumentAccountPayable(review({ document: { ...review().document, means: 'direct_debit' } }))).toBe(false);
    expect(paymentAccountCandidates(review({ document: { means: null, account: null, payee: null } }), null).document).toBeNull();
  });

  it('compares IBANs as the server stores them', () => {
    expect(isSameIban('DE89 3704 0044 0532 0130 00', FACTORING_IBAN)).toBe(true);
    expect(isSameIban(null, null)).toBe(false);
  });
});
