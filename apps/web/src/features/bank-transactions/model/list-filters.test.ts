import { describe, expect, it } from 'vitest';
import {
  CLEARED_FILTERS,
  hasActiveFilters,
  readBankTransactionFilters,
  statementFilters,
  toBankTransactionQuery,
  writeBankTransactionFilters,
  type BankTransactionListFilters,
} from './list-filters';

const ACCOUNT = '0b8f2a1e-4c3d-4e5f-8a9b-1c2d3e4f5a6b';
const STATEMENT = '6f1e2d3c-4b5a-4968-8776-655443322110';

const none: BankTransactionListFilters = { tab: 'transactions', ...CLEARED_FILTERS };

describe('bank transaction filters ↔ URL', () => {
  it('reads every filter from the query string', () => {
    const params = new URLSearchParams(
      `tab=statements&accountId=${ACCOUNT}&direction=incoming&from=2026-03-01&to=2026-03-31&minAmount=1000` +
        `&maxAmount=250000&matchingStatus=not_matched&search=Miete&statementId=${STATEMENT}`,
    );
    expect(readBankTransactionFilters(params)).toEqual({
      tab: 'statements',
      accountId: ACCOUNT,
      direction: 'incoming',
      from: '2026-03-01',
      to: '2026-03-31',
      minAmount: 1000,
      maxAmount: 250000,
      matchingStatus: 'not_matched',
      search: 'Miete',
      statementId: STATEMENT,
    });
  });

  it('drops what is malformed instead of sending it', () => {
    const params = new URLSearchParams(
      'tab=other&accountId=42&direction=sideways&from=1.3.2026&to=2026-13&minAmount=-5&maxAmount=12,50&matchingStatus=maybe&statementId=x',
    );
    expect(readBankTransactionFilters(params)).toEqual(none);
    expect(readBankTransactionFilters(new URLSearchParams(`search=${'a'.repeat(250)}`)).search).toHaveLength(200);
  });

  it('writes only what is chosen, keeps foreign parameters and round-trips', () => {
    const filters: BankTransactionListFilters = { ...none, direction: 'outgoing', minAmount: 0, search: '  Miete ' };
    const written = writeBankTransactionFilters(filters, new URLSearchParams('other=1&direction=incoming&tab=statements'));
    expect(written.toString()).toBe('other=1&direction=outgoing&minAmount=0&search=Miete');
    expect(readBankTransactionFilters(written)).toEqual({ ...filters, search: 'Miete' });
    expect(writeBankTransactionFilters({ ...none, tab: 'statements' }).toString()).toBe('tab=statements');
  });

  it('knows when something narrows the list', () => {
    expect(hasActiveFilters(none)).toBe(false);
    expect(hasActiveFilters({ ...none, tab: 'statements' })).toBe(false);
    expect(hasActiveFilters({ ...none, search: '   ' })).toBe(false);
    expect(hasActiveFilters({ ...none, minAmount: 0 })).toBe(true);
    expect(hasActiveFilters({ ...none, direction: 'incoming' })).toBe(true);
  });

  it('sends the chosen filters by their API names, without the tab', () => {
    expect(toBankTransactionQuery(none)).toEqual({});
    expect(
      toBankTransactionQuery({ ...none, tab: 'statements', accountId: ACCOUNT, maxAmount: 500, search: ' x ', to: '2026-01-31' }),
    ).toEqual({ accountId: ACCOUNT, maxAmount: 500, search: 'x', to: '2026-01-31' });
  });

  it('narrows the list to one statement with nothing else left over', () => {
    const chosen = { ...none, tab: 'statements' as const, from: '2026-01-01', direction: 'incoming' as const };
    const narrowed = { ...chosen, ...statementFilters({ id: STATEMENT, accountId: ACCOUNT }) };
    expect(narrowed).toEqual({ ...none, accountId: ACCOUNT, statementId: STATEMENT });
  });
});
