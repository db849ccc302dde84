import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  DEFAULT_FILTERS,
  nextSort,
  parseAmountToMinor,
  readFilters,
  toListRequest,
  writeFilters,
} from './list-query';

const COUNTERPARTY = '3f2b8c1e-9d4a-4c7b-8e21-5a6f7d8e9c01';

describe('readFilters / writeFilters', () => {
  it('reads every filter from the URL and writes the same URL back', () => {
    const url = new URLSearchParams({
      sort: 'totalAmount',
      direction: 'desc',
      search: 'Müller',
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31',
      dueFrom: '2026-02-01',
      dueTo: '2026-02-28',
      counterpartyId: COUNTERPARTY,
      amountMin: '100',
      amountMax: '1.234,56',
      costCenterId: COUNTERPARTY,
    });
    const filters = readFilters(url);
    expect(filters).toEqual({
      sort: 'totalAmount',
      direction: 'desc',
      search: 'Müller',
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31',
      dueFrom: '2026-02-01',
      dueTo: '2026-02-28',
      counterpartyId: COUNTERPARTY,
      amountMin: '100',
      amountMax: '1.234,56',
      costCenterId: COUNTERPARTY,
    });
    expect(Object.fromEntries(writeFilters(filters))).toEqual(Object.fromEntries(url));
  });

  it('drops malformed values instead of sending them to the server', () => {
    const filters = readFilters(
      new URLSearchParams({
        sort: 'drop table',
        direction: 'sideways',
        dateFrom: '1.1.2026',
        counterpartyId: '42',
        amountMin: 'abc',
      }),
    );
    expect(filters).toEqual(DEFAULT_FILTERS);
  });

  it('leaves defaults out of the URL', () => {
    expect(writeFilters(DEFAULT_FILTERS).toString()).toBe('');
    expect(writeFilters({ ...DEFAULT_FILTERS, search: '  ' }).toString()).toBe('');
  });

  it('caps the search at the length the server accepts', () => {
    expect(readFilters(new URLSearchParams({ search: 'x'.repeat(150) })).search).toHaveLength(100);
  });

  it('counts the panel filters, not sort or search', () => {
    expect(countActiveFilters({ ...DEFAULT_FILTERS, search: 'a', sort: 'date', dateFrom: '2026-01-01', amountMax: '5' })).toBe(2);
  });
});

describe('toListRequest', () => {
  it('sends amounts in cents and leaves empty filters out', () => {
    const request = toListRequest('approved', { ...DEFAULT_FILTERS, amountMin: '12,5', search: ' ACME ' });
    expect(request).toEqual({
      tab: 'approved',
      sort: 'dueDate',
      direction: 'asc',
      search: 'ACME',
      dateFrom: undefined,
      dateTo: undefined,
      dueFrom: undefined,
      dueTo: undefined,
      counterpartyId: undefined,
      amountMin: 1250,
      amountMax: undefined,
      costCenterId: undefined,
    });
  });
});

describe('parseAmountToMinor', () => {
  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['12.50', 1250],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1.234', 123400],
    ['1 234,00 €', 123400],
    ['-5,10', -510],
    ['0,01', 1],
  ])('%s → %i cents', (text, cents) => {
    expect(parseAmountToMinor(text)).toBe(cents);
  });

  it.each(['', 'abc', '12a', '€', ',', '1,2,3.4.5x'])('%s is no amount', (text) => {
    expect(parseAmountToMinor(text)).toBeNull();
  });
});

describe('nextSort', () => {
  it('starts a new column ascending and flips the same column', () => {
    expect(nextSort({ sort: 'dueDate', direction: 'asc' }, 'totalAmount')).toEqual({ sort: 'totalAmount', direction: 'asc' });
    expect(nextSort({ sort: 'dueDate', direction: 'asc' }, 'dueDate')).toEqual({ sort: 'dueDate', direction: 'desc' });
    expect(nextSort({ sort: 'dueDate', direction: 'desc' }, 'dueDate')).toEqual({ sort: 'dueDate', direction: 'asc' });
  });
});
