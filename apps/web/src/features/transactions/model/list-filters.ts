import { TRANSACTION_ANALYSIS_STATUSES, type TransactionAnalysisStatus } from '@kontor/domain/payments/transaction-analysis';
import type { TransactionView } from '@kontor/domain/payments/transaction-api';

/** The views /{slug}/transactions shows as tabs; "archived" is the archive screen's tab. */
export const LIST_VIEWS = ['open', 'in_run', 'exported', 'all'] as const satisfies readonly TransactionView[];
export type ListView = (typeof LIST_VIEWS)[number];

export const MAX_SEARCH_LENGTH = 200;

/** What the user chose, as the URL keeps it (shareable, survives reload and the back button). */
export interface TransactionListFilters {
  view: ListView;
  search: string;
  /** YYYY-MM-DD or empty. */
  executionFrom: string;
  executionTo: string;
  /** Minor units or null. */
  amountMin: number | null;
  amountMax: number | null;
  /** Empty: any analysis state. */
  analysis: TransactionAnalysisStatus | '';
  counterpartyId: string;
}

const FILTER_KEYS = [
  'view',
  'search',
  'executionFrom',
  'executionTo',
  'amountMin',
  'amountMax',
  'analysis',
  'counterpartyId',
] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readDate(value: string | null): string {
  return value && ISO_DATE.test(value) ? value : '';
}

function readAmount(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/** URL → filters; anything malformed is dropped, never sent to the server. */
export function readListFilters(params: URLSearchParams): TransactionListFilters {
  const view = params.get('view');
  const analysis = params.get('analysis');
  const counterpartyId = params.get('counterpartyId') ?? '';
  return {
    view: (LIST_VIEWS as readonly string[]).includes(view ?? '') ? (view as ListView) : 'open',
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH_LENGTH),
    executionFrom: readDate(params.get('executionFrom')),
    executionTo: readDate(params.get('executionTo')),
    amountMin: readAmount(params.get('amountMin')),
    amountMax: readAmount(params.get('amountMax')),
    analysis: (TRANSACTION_ANALYSIS_STATUSES as readonly string[]).includes(analysis ?? '')
      ? (analysis as TransactionAnalysisStatus)
      : '',
    counterpartyId: UUID.test(counterpartyId) ? counterpartyId : '',
  };
}

/** Filters → URL, keeping the parameters that are not the list's own (the open transaction's id). */
export function writeListFilters(filters: TransactionListFilters, current = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of FILTER_KEYS) {
    const raw = filters[key];
    const value = raw === null ? '' : key === 'search' ? String(raw).trim() : String(raw);
    // The default view stays out of the URL, so /transactions is the open list.
    if (value && !(key === 'view' && value === 'open')) params.set(key, value);
    else params.delete(key);
  }
  return params;
}

/** The filters apart from the view: what narrows every tab alike. */
export function hasActiveFilters(filters: TransactionListFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.executionFrom !== '' ||
    filters.executionTo !== '' ||
    filters.amountMin !== null ||
    filters.amountMax !== null ||
    filters.analysis !== '' ||
    filters.counterpartyId !== ''
  );
}

/** The query the server gets for one view: empty choices are left out. */
export function toListRequest(filters: TransactionListFilters, view: TransactionView = filters.view) {
  const request: Record<string, string | number | undefined> = { view };
  if (filters.search.trim()) request.search = filters.search.trim();
  if (filters.executionFrom) request.executionFrom = filters.executionFrom;
  if (filters.executionTo) request.executionTo = filters.executionTo;
  if (filters.amountMin !== null) request.amountMin = filters.amountMin;
  if (filters.amountMax !== null) request.amountMax = filters.amountMax;
  if (filters.analysis) request.analysis = filters.analysis;
  if (filters.counterpartyId) request.counterpartyId = filters.counterpartyId;
  return request;
}
