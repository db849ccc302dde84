import { RECEIVABLE_QUICK_FILTERS, type ReceivableQuickFilter } from '@kontor/domain/receivables/receivable-due';
import { AR_INVOICE_SORTS, AR_INVOICE_TABS, type ArInvoiceTab } from '@kontor/domain/receivables/receivable-view';

export type ReceivableSort = (typeof AR_INVOICE_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

/** The server's limit for the search (arInvoiceListQuerySchema). */
export const MAX_SEARCH_LENGTH = 200;

/**
 * What the user chose on the overview, as the URL keeps it (shareable, survives reload and the
 * back button). The parameters are named as the API's, so the address reads like the request.
 */
export interface ReceivableListFilters {
  tab: ArInvoiceTab;
  /** Empty: no quick filter. */
  filter: ReceivableQuickFilter | '';
  search: string;
  sort: ReceivableSort;
  direction: SortDirection;
}

export const DEFAULT_RECEIVABLE_FILTERS: ReceivableListFilters = {
  tab: 'outstanding',
  filter: '',
  search: '',
  sort: 'dueDate',
  direction: 'asc',
};

/**
 * Tabs whose invoices are still owed. The quick filters only ever show such invoices (the domain's
 * quickFilterDueRange), so on the paid, drafts and canceled tabs they would always come up empty.
 */
const TABS_WITH_QUICK_FILTERS: readonly ArInvoiceTab[] = ['outstanding', 'overdue', 'all'];

export function hasQuickFilters(tab: ArInvoiceTab): boolean {
  return TABS_WITH_QUICK_FILTERS.includes(tab);
}

function readChoice<T extends string>(value: string | null, choices: readonly T[]): T | '' {
  return value !== null && (choices as readonly string[]).includes(value) ? (value as T) : '';
}

/** URL → filters; anything malformed is dropped, never sent to the server. */
export function readReceivableFilters(params: URLSearchParams): ReceivableListFilters {
  const tab = readChoice(params.get('tab'), AR_INVOICE_TABS) || DEFAULT_RECEIVABLE_FILTERS.tab;
  return {
    tab,
    filter: hasQuickFilters(tab) ? readChoice(params.get('filter'), RECEIVABLE_QUICK_FILTERS) : '',
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH_LENGTH),
    sort: readChoice(params.get('sort'), AR_INVOICE_SORTS) || DEFAULT_RECEIVABLE_FILTERS.sort,
    direction: readChoice(params.get('direction'), ['asc', 'desc'] as const) || DEFAULT_RECEIVABLE_FILTERS.direction,
  };
}

/** Filters → URL, keeping parameters that are not the list's own. Defaults stay out of the URL. */
export function writeReceivableFilters(filters: ReceivableListFilters, current = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of Object.keys(DEFAULT_RECEIVABLE_FILTERS) as (keyof ReceivableListFilters)[]) {
    const value = filters[key].trim();
    if (value && value !== DEFAULT_RECEIVABLE_FILTERS[key]) params.set(key, value);
    else params.delete(key);
  }
  return params;
}

/** GET /ar-invoices's query (without cursor and limit): empty choices are left out. */
export function toReceivableListQuery(filters: ReceivableListFilters): Record<string, string> {
  const query: Record<string, string> = { tab: filters.tab, sort: filters.sort, direction: filters.direction };
  if (filters.filter) query.filter = filters.filter;
  const search = filters.search.trim();
  if (search) query.search = search;
  return query;
}

/** Whether a search or quick filter narrows the tab (the empty state then says "no matches"). */
export function hasActiveFilters(filters: ReceivableListFilters): boolean {
  return filters.filter !== '' || filters.search.trim() !== '';
}

/** Choosing a tab: a quick filter that cannot match there is dropped rather than left to empty the list. */
export function chooseTab(tab: ArInvoiceTab): Partial<ReceivableListFilters> {
  return hasQuickFilters(tab) ? { tab } : { tab, filter: '' };
}

/**
 * Clicking a quick filter: it toggles. On a tab of settled invoices (paid, drafts, canceled) it
 * moves to the outstanding tab, where what it names lives.
 */
export function chooseQuickFilter(
  current: Pick<ReceivableListFilters, 'tab' | 'filter'>,
  filter: ReceivableQuickFilter,
): Partial<ReceivableListFilters> {
  if (current.filter === filter) return { filter: '' };
  return hasQuickFilters(current.tab) ? { filter } : { tab: 'outstanding', filter };
}

/** Clicking a column header: a new column starts ascending, the same column flips. */
export function nextSort(
  current: Pick<ReceivableListFilters, 'sort' | 'direction'>,
  field: ReceivableSort,
): Pick<ReceivableListFilters, 'sort' | 'direction'> {
  if (current.sort !== field) return { sort: field, direction: 'asc' };
  return { sort: field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
