import {
  COUNTERPARTY_VERIFICATION_STATES,
  type CounterpartyVerificationState,
} from '@kontor/domain/counterparties/counterparty-record';

/** A yes/no filter: empty means "either". */
export type TriState = '' | 'true' | 'false';

/** What the user chose on the list, as the URL keeps it (shareable, survives reload and the back button). */
export interface CounterpartyListFilters {
  search: string;
  trusted: TriState;
  hasOpenInvoices: TriState;
  /** Empty: any state. */
  verification: CounterpartyVerificationState | '';
}

/** The query the server gets: empty choices are left out. */
export interface CounterpartyListRequest extends Record<string, string | undefined> {
  search?: string;
  trusted?: 'true' | 'false';
  hasOpenInvoices?: 'true' | 'false';
  verification?: CounterpartyVerificationState;
}

export const MAX_SEARCH_LENGTH = 100;

function readTriState(value: string | null): TriState {
  return value === 'true' || value === 'false' ? value : '';
}

function readVerification(value: string | null): CounterpartyVerificationState | '' {
  return (COUNTERPARTY_VERIFICATION_STATES as readonly string[]).includes(value ?? '')
    ? (value as CounterpartyVerificationState)
    : '';
}

/** URL → filters; anything malformed is dropped, never sent to the server. */
export function readListFilters(params: URLSearchParams): CounterpartyListFilters {
  return {
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH_LENGTH),
    trusted: readTriState(params.get('trusted')),
    hasOpenInvoices: readTriState(params.get('hasOpenInvoices')),
    verification: readVerification(params.get('verification')),
  };
}

/** Filters → URL, keeping the parameters that are not the list's own. */
export function writeListFilters(filters: CounterpartyListFilters, current = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of ['search', 'trusted', 'hasOpenInvoices', 'verification'] as const) {
    const value = key === 'search' ? filters.search.trim() : filters[key];
    if (value) params.set(key, value);
    else params.delete(key);
  }
  return params;
}

export function toListRequest(filters: CounterpartyListFilters): CounterpartyListRequest {
  const request: CounterpartyListRequest = {};
  const search = filters.search.trim();
  if (search) request.search = search;
  if (filters.trusted) request.trusted = filters.trusted;
  if (filters.hasOpenInvoices) request.hasOpenInvoices = filters.hasOpenInvoices;
  if (filters.verification) request.verification = filters.verification;
  return request;
}

export function hasActiveFilters(filters: CounterpartyListFilters): boolean {
  return filters.search.trim() !== '' || filters.trusted !== '' || filters.hasOpenInvoices !== '' || filters.verification !== '';
}
