import { describe, expect, it } from 'vitest';
import { hasActiveFilters, readListFilters, toListRequest, writeListFilters } from './list-filters';

describe('counterparty list filters', () => {
  it('reads the URL and drops what it does not know', () => {
    const filters = readListFilters(new URLSearchParams('search=M%C3%BCller&trusted=yes&hasOpenInvoices=true'));
    expect(filters).toEqual({ search: 'Müller', trusted: '', hasOpenInvoices: 'true' });
    expect(readListFilters(new URLSearchParams(`search=${'x'.repeat(150)}`)).search).toHaveLength(100);
  });

  it('writes only chosen filters and keeps other parameters', () => {
    const params = writeListFilters(
      { search: ' acme ', trusted: 'false', hasOpenInvoices: '' },
      new URLSearchParams('hasOpenInvoices=true&other=1'),
    );
    expect(params.toString()).toBe('other=1&search=acme&trusted=false');
  });

  it('sends only chosen filters to the server', () => {
    expect(toListRequest({ search: '  ', trusted: '', hasOpenInvoices: '' })).toEqual({});
    expect(toListRequest({ search: 'acme', trusted: 'true', hasOpenInvoices: 'false' })).toEqual({
      search: 'acme',
      trusted: 'true',
      hasOpenInvoices: 'false',
    });
  });

  it('tells whether anything narrows the list', () => {
    expect(hasActiveFilters({ search: '', trusted: '', hasOpenInvoices: '' })).toBe(false);
    expect(hasActiveFilters({ search: '', trusted: 'true', hasOpenInvoices: '' })).toBe(true);
  });
});
