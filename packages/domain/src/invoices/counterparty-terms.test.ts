import { describe, expect, it } from 'vitest';
import { fillFromCounterpartyTerms, type CounterpartyTerms, type InvoiceTermsFields } from './counterparty-terms';

const TERMS: CounterpartyTerms = { paymentTermsDays: 30, skontoDays: 10, skontoRate: 200, defaultLedgerAccountId: 'ledger-4930' };
const EMPTY: InvoiceTermsFields = {
  date: '2026-11-20',
  dueDate: null,
  totalAmount: 119_000,
  skontoRate: null,
  ledgerAccount: null,
};

describe('fillFromCounterpartyTerms', () => {
  it('fills the due date, the skonto and the ledger account of an invoice that has none', () => {
    expect(fillFromCounterpartyTerms(EMPTY, TERMS)).toEqual({
      dueDate: '2026-12-20',
      skontoRate: 200,
      skontoAmount: 2_380,
      skontoDate: '2026-11-30',
      ledgerAccount: 'ledger-4930',
    });
  });

  it('never replaces what the invoice already has', () => {
    expect(
      fillFromCounterpartyTerms({ ...EMPTY, dueDate: '2026-12-01', skontoRate: 300, ledgerAccount: 'ledger-6815' }, TERMS),
    ).toEqual({});
  });

  it('leaves out what needs a date or a total the invoice does not have yet', () => {
    expect(fillFromCounterpartyTerms({ ...EMPTY, date: null, totalAmount: null }, TERMS)).toEqual({
      skontoRate: 200,
      ledgerAccount: 'ledger-4930',
    });
    // Text a date field could not read is no date to count from.
    expect(fillFromCounterpartyTerms({ ...EMPTY, date: '31.02.2026' }, TERMS).dueDate).toBeUndefined();
  });

  it('fills nothing from a counterparty without terms', () => {
    expect(
      fillFromCounterpartyTerms(EMPTY, {
        paymentTermsDays: null,
        skontoDays: null,
        skontoRate: null,
        defaultLedgerAccountId: null,
      }),
    ).toEqual({});
  });
});
