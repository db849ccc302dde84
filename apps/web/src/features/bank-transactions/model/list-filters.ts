import {
  BANK_MATCHING_STATUSES,
  BANK_TRANSACTION_DIRECTIONS,
  type BankMatchingStatus,
  type BankTransactionDirection,
} from '@kontor/domain/banking/bank-transaction-api';

/** The screen's two tabs: the bank transactions, and the statements with their balances. */
export const BANK_TRANSACTION_TABS = ['transactions', 'statements'] as const;
export type BankTransactionTab = (typeof BANK_TRANSACTION_TABS)[number];

/** The server's limit for the search (bankTransactionFilterSchema). */
export const MAX_SEARCH_LENGTH = 200;

/**
 * What the user chose, as the URL keeps it (shareable, survives reload and the back button). The
 * parameters are named as the API's, so the address reads like the request it makes.
 */
export interface BankTransactionListFilters {
  tab: BankTransactionTab;
  accountId: string;
  /** Empty: both directions. */
  direction: BankTransactionDirection | '';
  /** Booking date range, YYYY-MM-DD or empty. */
  from: string;
  to: string;
  /** Minor units or null. */
  minAmount: number | null;
  maxAmount: number | null;
  matchingStatus: BankMatchingStatus | '';
  search: string;
  /** Only the transactions of one statement (chosen in the statements tab). */
  statementId: string;
}

/** The filters of the list and its totals (everything but the tab), in URL order. */
const FILTER_KEYS = [
  'accountId',
  'direction',
  'from',
  'to',
  'minAmount',
  'maxAmount',
  'matchingStatus',
  'search',
  'statementId',
] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readChoice<T extends string>(value: string | null, choices: readonly T[]): T | '' {
  return value !== null && (choices as readonly string[]).includes(value) ? (value as T) : '';
}

function readAmount(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

const readId = (value: string | null) => (value && UUID.test(value) ? value : '');
const readDate = (value: string | null) => (value && ISO_DATE.test(value) ? value : '');

/** URL → filters; anything malformed is dropped, never sent to the server. */
export function readBankTransactionFilters(params: URLSearchParams): BankTransactionListFilters {
  return {
    tab: readChoice(params.get('tab'), BANK_TRANSACTION_TABS) || 'transactions',
    accountId: readId(params.get('accountId')),
    direction: readChoice(params.get('direction'), BANK_TRANSACTION_DIRECTIONS),
    from: readDate(params.get('from')),
    to: readDate(params.get('to')),
    minAmount: readAmount(params.get('minAmount')),
    maxAmount: readAmount(params.get('maxAmount')),
    matchingStatus: readChoice(params.get('matchingStatus'), BANK_MATCHING_STATUSES),
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH_LENGTH),
    statementId: readId(params.get('statementId')),
  };
}

/** Filters → URL, keeping parameters that are not the list's own. Defaults stay out of the URL. */
export function writeBankTransactionFilters(
  filters: BankTransactionListFilters,
  current = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams(current);
  if (filters.tab === 'transactions') params.delete('tab');
  else params.set('tab', filters.tab);
  for (const key of FILTER_KEYS) {
    const raw = filters[key];
    const value = raw === null ? '' : key === 'search' ? String(raw).trim() : String(raw);
    if (value) params.set(key, value);
    else params.delete(key);
  }
  return params;
}

/** Every filter cleared (the tab stays): what "reset filters" applies. */
export const CLEARED_FILTERS: Pick<BankTransactionListFilters, FilterKey> = {
  accountId: '',
  direction: '',
  from: '',
  to: '',
  minAmount: null,
  maxAmount: null,
  matchingStatus: '',
  search: '',
  statementId: '',
};

/** Whether anything narrows the list (the empty state then says "no matches", not "nothing yet"). */
export function hasActiveFilters(filters: BankTransactionListFilters): boolean {
  return FILTER_KEYS.some((key) => {
    const value = filters[key];
    return value !== null && String(value).trim() !== '';
  });
}

/** The query the list and its totals send: empty choices are left out. */
export type BankTransactionQuery = Record<string, string | number>;

export function toBankTransactionQuery(filters: BankTransactionListFilters): BankTransactionQuery {
  const query: BankTransactionQuery = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === null) continue;
    if (typeof value === 'number') query[key] = value;
    else if (value.trim()) query[key] = value.trim();
  }
  return query;
}

/**
 * The list narrowed to one statement's transactions: its account, every other filter cleared
 * (a date or amount filter left over would hide part of the statement), on the transactions tab.
 */
export function statementFilters(statement: { id: string; accountId: string }): Partial<BankTransactionListFilters> {
  return { ...CLEARED_FILTERS, tab: 'transactions', accountId: statement.accountId, statementId: statement.id };
}
