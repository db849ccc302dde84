import { sql, type SQL } from 'drizzle-orm';
import { normalizeIban, normalizeVatNumber } from '@kontor/domain';
import { likePattern } from '../../lib/like-pattern';

/**
 * What a search may mean: always a part of the name; a plain number up to nine digits also an
 * AP/AR number; something shaped like the start of a VAT number or of an IBAN (normalised, so
 * "de89 3704" finds DE8937040044…) also that. Null where the search cannot be one.
 */
export interface SearchTerms {
  /** ILIKE pattern: the name contains the search, wildcards literal. */
  namePattern: string;
  accountNumber: string | null;
  /** [0-9A-Z] only (search_counterparties compares it as a byte range). */
  vatPrefix: string | null;
  /** [0-9A-Z] only. */
  ibanPrefix: string | null;
}

export function searchTermsOf(search: string): SearchTerms {
  const vat = normalizeVatNumber(search);
  const iban = normalizeIban(search);
  return {
    namePattern: likePattern(search),
    accountNumber: /^\d{1,9}$/.test(search) ? search : null,
    vatPrefix: /^[A-Z]{2}[0-9A-Z]{2,}$/.test(vat) && /\d/.test(vat) ? vat : null,
    ibanPrefix: /^[A-Z]{2}\d{2}[0-9A-Z]*$/.test(iban) ? iban : null,
  };
}

/** A search shorter than a trigram cannot narrow the trigram index down: it hands over every name. */
export const TRIGRAM_LENGTH = 3;

/**
 * Up to this many matches per part of a search (name, VAT number, IBAN), the page is sorted from
 * search_counterparties' rows alone (one probe per row shown). A search matching more is dense
 * enough in name order for walking the organisation's counterparties by name with the search as
 * a filter.
 */
export const SEARCH_MATCH_LIMIT = 2_000;

/**
 * The rows a search matches, found by search_counterparties (migration 0018), which scopes by
 * app.org_id itself so that the trigram and prefix indexes can serve it; the trusted filter is
 * applied there too. A counterparty may come more than once; a row with a null id says that a
 * part matched more than `limit` and the rows are incomplete.
 */
export function searchMatches(terms: SearchTerms, isTrusted: boolean | undefined, limit: number): SQL {
  return sql`select m.id, m.name from search_counterparties(${terms.namePattern}, ${terms.accountNumber}, ${terms.vatPrefix},
    ${terms.ibanPrefix}, ${isTrusted ?? null}::boolean, ${limit}::int) as m`;
}
