import { describe, expect, it } from 'vitest';
import { hasActiveFilters, readListFilters, toListRequest, writeListFilters, type TransactionListFilters } from './list-filters';

const NONE: TransactionListFilters = {
  view: 'open',
  search: '',
  executionFrom: '',
  executionTo: '',
  amountMin: null,
  amountMax: null,
  analysis: '',
  counterpartyId: '',
};
const COUNTERPARTY = '0b6f1c39-3c1f-4f6e-9d4c-2a1c6f0e5b7a';

describe('transaction list filters', () => {
  it('reads the URL and drops what is malformed', () => {
    const filters = readListFilters(
      new URLSearchParams(
        `view=in_run&search=acme&executionFrom=2026-11-01&executionTo=21.11.2026&amountMin=1000&amountMax=-5&analysis=blocked&counterpartyId=${COUNTERPARTY}`,
      ),
    );
    expect(filters).toEqual({
      view: 'in_run',
      search: 'acme',
      executionFrom: '2026-11-01',
      executionTo: '',
      amountMin: 1000,
      amountMax: null,
      analysis: 'blocked',
      counterpartyId: COUNTERPARTY,
    });
    expect(readListFilters(new URLSearchParams('view=archived&analysis=fine&counterpartyId=42'))).toEqual(NONE);
  });

  it('writes chosen filters, leaves the default view out and keeps the open transaction', () => {
    const params = writeListFilters(
      { ...NONE, search: ' acme ', amountMin: 0, analysis: 'warning' },
      new URLSearchParams('view=all&id=abc'),
    );
    expect(params.toString()).toBe('id=abc&search=acme&amountMin=0&analysis=warning');
    expect(writeListFilters({ ...NONE, view: 'exported' }).toString()).toBe('view=exported');
  });

  it('sends the view and only the chosen filters, in minor units', () => {
    expect(toListRequest(NONE)).toEqual({ view: 'open' });
    expect(toListRequest({ ...NONE, amountMin: 0, amountMax: 150000, search: '  ' }, 'all')).toEqual({
      view: 'all',
      amountMin: 0,
      amountMax: 150000,
    });
  });

  it('counts every filter but the view as active', () => {
    expect(hasActiveFilters({ ...NONE, view: 'all' })).toBe(false);
    expect(hasActiveFilters({ ...NONE, amountMax: 0 })).toBe(true);
    expect(hasActiveFilters({ ...NONE, counterpartyId: COUNTERPARTY })).toBe(true);
  });
});
