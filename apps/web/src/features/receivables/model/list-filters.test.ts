import { describe, expect, it } from 'vitest';
import {
  chooseQuickFilter,
  chooseTab,
  DEFAULT_RECEIVABLE_FILTERS,
  hasActiveFilters,
  nextSort,
  readReceivableFilters,
  toReceivableListQuery,
  writeReceivableFilters,
} from './list-filters';

describe('receivable filters ↔ URL', () => {
  it('reads the defaults from an empty query string and writes none of them', () => {
    expect(readReceivableFilters(new URLSearchParams())).toEqual(DEFAULT_RECEIVABLE_FILTERS);
    expect(writeReceivableFilters(DEFAULT_RECEIVABLE_FILTERS).toString()).toBe('');
  });

  it('round-trips every choice and keeps parameters that are not the list’s', () => {
    const filters = { tab: 'all', filter: 'due_today', search: 'Müller', sort: 'totalAmount', direction: 'desc' } as const;
    const params = writeReceivableFilters(filters, new URLSearchParams('other=1'));
    expect(params.get('other')).toBe('1');
    expect(readReceivableFilters(params)).toEqual(filters);
  });

  it('drops what is malformed or unknown', () => {
    const params = new URLSearchParams('tab=archive&filter=soon&sort=amount&direction=up&search=' + 'x'.repeat(300));
    const filters = readReceivableFilters(params);
    expect(filters).toMatchObject({ tab: 'outstanding', filter: '', sort: 'dueDate', direction: 'asc' });
    expect(filters.search).toHaveLength(200);
  });

  it('ignores a quick filter on a tab of settled invoices (it could never match there)', () => {
    expect(readReceivableFilters(new URLSearchParams('tab=paid&filter=overdue')).filter).toBe('');
    expect(readReceivableFilters(new URLSearchParams('tab=all&filter=overdue')).filter).toBe('overdue');
  });
});

describe('the overview’s query', () => {
  it('sends tab and order always, filter and a trimmed search only when set', () => {
    expect(toReceivableListQuery(DEFAULT_RECEIVABLE_FILTERS)).toEqual({ tab: 'outstanding', sort: 'dueDate', direction: 'asc' });
    expect(toReceivableListQuery({ ...DEFAULT_RECEIVABLE_FILTERS, filter: 'overdue', search: '  RE-100 ' })).toEqual({
      tab: 'outstanding',
      sort: 'dueDate',
      direction: 'asc',
      filter: 'overdue',
      search: 'RE-100',
    });
  });

  it('counts a search or a quick filter as narrowing, blanks not', () => {
    expect(hasActiveFilters({ ...DEFAULT_RECEIVABLE_FILTERS, search: '   ' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_RECEIVABLE_FILTERS, search: 'a' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_RECEIVABLE_FILTERS, filter: 'due_in_7_days' })).toBe(true);
  });
});

describe('choosing tabs, quick filters and order', () => {
  it('drops the quick filter when moving to a settled tab and keeps it on open ones', () => {
    expect(chooseTab('paid')).toEqual({ tab: 'paid', filter: '' });
    expect(chooseTab('drafts')).toEqual({ tab: 'drafts', filter: '' });
    expect(chooseTab('overdue')).toEqual({ tab: 'overdue' });
  });

  it('toggles a quick filter, moving to the outstanding tab from a settled one', () => {
    expect(chooseQuickFilter({ tab: 'outstanding', filter: '' }, 'due_today')).toEqual({ filter: 'due_today' });
    expect(chooseQuickFilter({ tab: 'outstanding', filter: 'due_today' }, 'due_today')).toEqual({ filter: '' });
    expect(chooseQuickFilter({ tab: 'canceled', filter: '' }, 'overdue')).toEqual({ tab: 'outstanding', filter: 'overdue' });
  });

  it('starts a new column ascending and flips the same one', () => {
    expect(nextSort({ sort: 'dueDate', direction: 'asc' }, 'totalAmount')).toEqual({ sort: 'totalAmount', direction: 'asc' });
    expect(nextSort({ sort: 'dueDate', direction: 'asc' }, 'dueDate')).toEqual({ sort: 'dueDate', direction: 'desc' });
    expect(nextSort({ sort: 'dueDate', direction: 'desc' }, 'dueDate')).toEqual({ sort: 'dueDate', direction: 'asc' });
  });
});
