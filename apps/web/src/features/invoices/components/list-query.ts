import { INVOICE_LIST_ROW_FILTERS, INVOICE_SORT_FIELDS } from '@kontor/domain/invoices/invoice-constants';
import { DEFAULT_INVOICE_TAB, INVOICE_TABS, type InvoiceTab } from '@kontor/domain/screens';

/** The overview's tab on the server: the five overview tabs plus the archive. */
export type InvoiceListTab = 'new' | 'my-approvals' | 'all-approvals' | 'rejected' | 'approved' | 'archive';
export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

/**
 * What the user chose on the overview, as the URL keeps it (shareable, survives reload and the
 * back button). Amounts stay as typed ("1.234,50"); dates are ISO days.
 */
export interface InvoiceListFilters {
  sort: InvoiceSortField;
  direction: SortDirection;
  search: string;
  dateFrom: string;
  dateTo: string;
  dueFrom: string;
  dueTo: string;
  counterpartyId: string;
  amountMin: string;
  amountMax: string;
  costCenterId: string;
}

export const DEFAULT_FILTERS: InvoiceListFilters = {
  sort: 'dueDate',
  direction: 'asc',
  search: '',
  dateFrom: '',
  dateTo: '',
  dueFrom: '',
  dueTo: '',
  counterpartyId: '',
  amountMin: '',
  amountMax: '',
  costCenterId: '',
};

/** The filters the filter panel sets (sort and search live elsewhere on the screen). */
export const PANEL_FILTER_KEYS = INVOICE_LIST_ROW_FILTERS satisfies readonly (keyof InvoiceListFilters)[];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_SEARCH_LENGTH = 100;

type Reader = (value: string) => string;
const readDay: Reader = (value) => (ISO_DAY.test(value) ? value : '');
const readId: Reader = (value) => (UUID.test(value) ? value : '');
const readAmount: Reader = (value) => (parseAmountToMinor(value) === null ? '' : value.trim());

const READERS: Record<Exclude<keyof InvoiceListFilters, 'sort' | 'direction'>, Reader> = {
  search: (value) => value.slice(0, MAX_SEARCH_LENGTH),
  dateFrom: readDay,
  dateTo: readDay,
  dueFrom: readDay,
  dueTo: readDay,
  counterpartyId: readId,
  amountMin: readAmount,
  amountMax: readAmount,
  costCenterId: readId,
};

function isSortField(value: string | null): value is InvoiceSortField {
  return (INVOICE_SORT_FIELDS as readonly string[]).includes(value ?? '');
}

/** The address's tab; an unknown one shows the default tab. */
export function readInvoiceTab(value: string | undefined): InvoiceTab {
  return (INVOICE_TABS as readonly string[]).includes(value ?? '') ? (value as InvoiceTab) : DEFAULT_INVOICE_TAB;
}

/** URL → filters. Anything malformed is dropped, never sent to the server. */
export function readFilters(params: URLSearchParams): InvoiceListFilters {
  const filters: InvoiceListFilters = { ...DEFAULT_FILTERS };
  const sort = params.get('sort');
  if (isSortField(sort)) filters.sort = sort;
  const direction = params.get('direction');
  if (direction === 'asc' || direction === 'desc') filters.direction = direction;
  for (const [key, read] of Object.entries(READERS) as [keyof typeof READERS, Reader][]) {
    filters[key] = read(params.get(key) ?? '');
  }
  return filters;
}

/** Filters → URL, leaving out defaults so a plain overview has a plain address. */
export function writeFilters(filters: InvoiceListFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_FILTERS) as (keyof InvoiceListFilters)[]) {
    const value = filters[key].trim();
    if (value && value !== DEFAULT_FILTERS[key]) params.set(key, value);
  }
  return params;
}

export function countActiveFilters(filters: InvoiceListFilters): number {
  return PANEL_FILTER_KEYS.filter((key) => filters[key] !== '').length;
}

/**
 * "1.234,56", "1234.56", "1,234.56", "12" → minor units (cents); null when it is no amount.
 * The last separator followed by one or two digits is the decimal mark; the others group thousands.
 */
export function parseAmountToMinor(text: string): number | null {
  const compact = text.replace(/[\s\u00a0€$£]/g, '');
  if (!/^-?[\d.,]+$/.test(compact) || !/\d/.test(compact)) return null;
  const isNegative = compact.startsWith('-');
  const digits = isNegative ? compact.slice(1) : compact;
  const decimalMatch = /[.,](\d{1,2})$/.exec(digits);
  const whole = (decimalMatch ? digits.slice(0, decimalMatch.index) : digits).replace(/[.,]/g, '');
  if (!/^\d*$/.test(whole)) return null;
  const fraction = (decimalMatch?.[1] ?? '').padEnd(2, '0');
  const minor = Number(whole || '0') * 100 + Number(fraction || '0');
  if (!Number.isSafeInteger(minor)) return null;
  return isNegative ? -minor : minor;
}

export type InvoiceListRequest = Record<string, string | number | undefined>;

/** Filters → GET /api/invoices query (without limit and cursor): amounts in minor units, empty values left out. */
export function toListRequest(tab: InvoiceListTab, filters: InvoiceListFilters): InvoiceListRequest {
  const orUndefined = (value: string) => value.trim() || undefined;
  return {
    tab,
    sort: filters.sort,
    direction: filters.direction,
    search: orUndefined(filters.search),
    dateFrom: orUndefined(filters.dateFrom),
    dateTo: orUndefined(filters.dateTo),
    dueFrom: orUndefined(filters.dueFrom),
    dueTo: orUndefined(filters.dueTo),
    counterpartyId: orUndefined(filters.counterpartyId),
    amountMin: parseAmountToMinor(filters.amountMin) ?? undefined,
    amountMax: parseAmountToMinor(filters.amountMax) ?? undefined,
    costCenterId: orUndefined(filters.costCenterId),
  };
}

/** Clicking a column header: a new column starts ascending, the same column flips. */
export function nextSort(
  current: Pick<InvoiceListFilters, 'sort' | 'direction'>,
  field: InvoiceSortField,
): Pick<InvoiceListFilters, 'sort' | 'direction'> {
  if (current.sort !== field) return { sort: field, direction: 'asc' };
  return { sort: field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
