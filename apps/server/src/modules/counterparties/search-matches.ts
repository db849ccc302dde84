import { sql, type SQL } from 'drizzle-orm';
import { normalizeIban, normalizeVatNumber } from '@kontor/domain';
import { slot } from '../../db/statement-templates';
import { likePattern } from '../../lib/like-pattern';

/**
 * What a search may mean: always a part of the name (the names starting with it rank first); a
 * plain number up to nine digits also an AP/AR number; something shaped like the start of a VAT
 * number or of an IBAN (normalised, so "de89 3704" finds DE8937040044…) also that. Null where
 * the search cannot be one.
 */
export interface SearchTerms {
  /** The search as typed: the names starting with it (any case) rank first. */
  prefix: string;
  /** LIKE pattern: the name contains the search, wildcards literal; lowered in the database. */
  namePattern: string;
  accountNumber: string | null;
  /** [0-9A-Z] only: a key of counterparty_search_keys, as ibanPrefix and accountNumber. */
  vatPrefix: string | null;
  /** [0-9A-Z] only. */
  ibanPrefix: string | null;
}

export function searchTermsOf(search: string): SearchTerms {
  const vat = normalizeVatNumber(search);
  const iban = normalizeIban(search);
  return {
    prefix: search,
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
 * the matches alone (one probe per row shown). A search matching more is dense
 * enough in name order for walking the organisation's counterparties by name with the search as
 * a filter.
 */
export const SEARCH_MATCH_LIMIT = 2_000;

/** What of a search decides a statement's text: the meanings it can have (its values: searchSlotValues). */
export interface SearchShape {
  /** Too short for the trigram index: every name could contain it. */
  isShort: boolean;
  hasAccountNumber: boolean;
  hasVatPrefix: boolean;
  hasIbanPrefix: boolean;
  /** How many keys of counterparty_search_keys it can be (searchKeys). */
  keyCount: number;
}

/**
 * The keys of counterparty_search_keys a search can be: an AP/AR number, a VAT number start or
 * an IBAN start (one key where the last two are normalised alike).
 */
export function searchKeys(terms: SearchTerms): string[] {
  return [...new Set([terms.accountNumber, terms.vatPrefix, terms.ibanPrefix].filter((key) => key !== null))];
}

export function searchShapeOf(terms: SearchTerms): SearchShape {
  return {
    isShort: terms.prefix.length < TRIGRAM_LENGTH,
    hasAccountNumber: terms.accountNumber !== null,
    hasVatPrefix: terms.vatPrefix !== null,
    hasIbanPrefix: terms.ibanPrefix !== null,
    keyCount: searchKeys(terms).length,
  };
}

/** The slots of the search's statements (statement-templates.ts); `key0` … are searchKeys. */
export function searchSlotValues(terms: SearchTerms): Record<string, unknown> {
  const values: Record<string, unknown> = {
    prefix: terms.prefix,
    namePattern: terms.namePattern,
    accountNumber: terms.accountNumber,
    vatLike: terms.vatPrefix === null ? null : `${terms.vatPrefix}%`,
    ibanLike: terms.ibanPrefix === null ? null : `${terms.ibanPrefix}%`,
  };
  searchKeys(terms).forEach((key, index) => (values[`key${index}`] = key));
  return values;
}

/** The slot of the search's `index`th key of counterparty_search_keys (searchSlotValues). */
export const searchKeySlot = (index: number): SQL => slot(`key${index}`);

/**
 * The search lowered once per statement, as a named subquery `search_text` of the statement:
 * `low` and `high` bound the names starting with the search, the range [search, search + U+10FFFF)
 * of counterparties_search_name_idx (migration 0030), so that a page of them is one index range
 * read in order; `pattern` is the LIKE pattern of the names containing it. A prepared statement's
 * generic plan would otherwise lower the search again for every row it compares.
 */
export function searchTextCte(): SQL {
  return sql`search_text as materialized (
    select counterparty_search_text(${slot('prefix')}) as low,
           counterparty_search_prefix_end(counterparty_search_text(${slot('prefix')})) as high,
           counterparty_search_text(${slot('namePattern')}) as pattern)`;
}

/** Whether a search name (lower case) starts with the search (needs searchTextCte). */
export function startsWithSearch(searchName: SQL): SQL {
  return sql`(${searchName} >= (select low from search_text) and ${searchName} < (select high from search_text))`;
}

/**
 * The search as a condition on counterparties c, any of its meanings (needs searchTextCte); for
 * walking the name index when the search is too short or too frequent for the indexes.
 */
export function matchesSearch(shape: SearchShape): SQL {
  const branches: SQL[] = [sql`c.search_name like (select pattern from search_text)`];
  if (shape.hasAccountNumber) {
    branches.push(
      sql`c.accounts_payable_number = ${slot('accountNumber')}`,
      sql`c.accounts_receivable_number = ${slot('accountNumber')}`,
    );
  }
  if (shape.hasVatPrefix) branches.push(sql`c.vat_number like ${slot('vatLike')}`);
  if (shape.hasIbanPrefix) {
    // A scalar subquery, not EXISTS: that one PostgreSQL hashes over all the organisation's
    // accounts before the first row; this one is a probe per row walked, and few are.
    branches.push(sql`coalesce((select true from counterparty_bank_accounts b where b.organization_id = c.organization_id
      and b.counterparty_id = c.id and b.iban like ${slot('ibanLike')} limit 1), false)`);
  }
  return sql`(${sql.join(branches, sql` or `)})`;
}

/**
 * The names containing the search, found by search_counterparty_names (migrations 0031, 0042)
 * through the name suffix index (five characters or more) or the trigram index: the first `page`
 * in (search_name, id) order, after the cursor's position (slots afterName, afterId) where
 * `isAfter`, without the names starting with the search (rank 0); the trusted filter (slot
 * isTrusted) applied where `isTrustedFiltered`. A row with a null id alone says that more than
 * SEARCH_MATCH_LIMIT names match.
 */
export function nameMatches(isTrustedFiltered: boolean, isAfter: boolean, page: SQL): SQL {
  const trusted = isTrustedFiltered ? slot('isTrusted') : null;
  const [afterName, afterId] = isAfter ? [slot('afterName'), slot('afterId')] : [null, null];
  return sql`select m.id, m.search_name from search_counterparty_names(${slot('namePattern')}, ${trusted}::boolean,
    ${SEARCH_MATCH_LIMIT}::int, ${slot('prefix')}, ${afterName}::text, ${afterId}::uuid, ${page}::int) as m`;
}
