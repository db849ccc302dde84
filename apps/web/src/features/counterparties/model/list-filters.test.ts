import { describe, expect, it } from 'vitest';
import { hasActiveFilters, readListFilters, toListRequest, writeListFilters } from './list-filters';

describe('counterparty list filters', () => {
  it('reads the URL and drops what it does not know', () => {
    const filters = readListFilters(
      new URLSearchParams('search=M%C3%BCller&trusted=yes&hasOpenInvoices=true&verification=maybe'),
    );
    expect(filters).toEqual({ search: 'Müller', trusted: '', hasOpenInvoices: 'true', verification: '' });
    expect(readListFilters(new URLSearchParams('verification=mismatch')).verification).toBe('mismatch');
    expect(readListFilters(new URLSearchParams(`search=${'x'.repeat(150)}`)).search).toHaveLength(100);
  });

  it('writes only chosen filters and keeps other parameters', () => {
    const params = writeListFilters(
      { search: ' acme ', trusted: 'false', hasOpenInvoices: '', verification: 'pending' },
      new URLSearchParams('hasOpenInvoices=true&other=1'),
    );
    expect(params.toString()).toBe('other=1&search=acme&trusted=false&verification=pending');
  });

  it('sends only chosen filters to the server', () => {
    expect(toListRequest({ search: '  ', trusted: '', hasOpenInvoices: '', verification: '' })).toEqual({});
    expect(toListRequest({ search: 'acme', trusted: 'true', hasOpenInvoices: 'false', verification: 'verified' })).toEqual({
      search: 'acme',
      trusted: 'true',
      hasOpenInvoices: 'false',
      verification: 'verified',
    });
  });

  it('tells whether anything narrows the list', () => {
    expect(hasActiveFilters({ search: '', trusted: '', hasOpenInvoices: '', verification: '' })).toBe(false);
    expect(hasActiveFilters({ search: '', trusted: 'true', hasOpenInvoices: '', verification: '' })).toBe(true);
    expect(hasActiveFilters({ search: '', trusted: '', hasOpenInvoices: '', verification: 'mismatch' })).toBe(true);
  });
});
