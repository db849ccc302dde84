import { INVOICE_SORT_FIELDS, type InvoiceListQuery } from '@kontor/domain';
import { decodeCursorValues, encodeCursorValues, invalidCursor, isUuid } from '../../lib/keyset-cursor';

/**
 * The keyset cursor: the last row's sort value and id, bound to the sort it was made for.
 * Opaque to clients (base64url JSON); anything that does not decode is a validation error.
 */
export interface ListCursor {
  sort: InvoiceListQuery['sort'];
  direction: InvoiceListQuery['direction'];
  /** The sort column's value as PostgreSQL text (exact, e.g. microseconds of created_at), or null. */
  value: string | null;
  id: string;
}

export function encodeCursor(cursor: ListCursor): string {
  return encodeCursorValues([cursor.sort, cursor.direction, cursor.value, cursor.id]);
}

export function decodeCursor(raw: string, query: Pick<InvoiceListQuery, 'sort' | 'direction'>): ListCursor {
  const [sort, direction, value, id] = decodeCursorValues(raw, 4);
  // A cursor from another sort would skip or repeat rows: refuse it rather than guess.
  if (sort !== query.sort || direction !== query.direction) throw invalidCursor();
  if (!(INVOICE_SORT_FIELDS as readonly unknown[]).includes(sort)) throw invalidCursor();
  if (value !== null && (typeof value !== 'string' || value.length > 300)) throw invalidCursor();
  if (!isUuid(id)) throw invalidCursor();
  return { sort: query.sort, direction: query.direction, value, id };
}

const GERMAN = /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/;
const ENGLISH = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

function toMinorUnits(integerPart: string, fraction: string | undefined): number | null {
  const cents = Number(integerPart) * 100 + Number((fraction ?? '').padEnd(2, '0') || '0');
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * The amounts (in cents) a search term may mean: "1.234,56" (German), "1,234.56" (English),
 * "1234" (whole euros). "1,50" and "1.50" are both 1,50 €; "1.234" is German thousands because
 * an English decimal has at most two places. Empty when the term is not an amount.
 */
export function parseSearchAmounts(term: string): number[] {
  const compact = term.replace(/\s|€|eur$/gi, '');
  if (!/\d/.test(compact)) return [];
  const amounts = new Set<number>();
  const negative = compact.startsWith('-');
  const add = (value: number | null) => value !== null && amounts.add(negative ? -value : value);
  if (GERMAN.test(compact)) {
    const [integerPart, fraction] = compact.replace(/^-/, '').split(',') as [string, string | undefined];
    add(toMinorUnits(integerPart.replace(/\./g, ''), fraction));
  }
  if (ENGLISH.test(compact)) {
    const [integerPart, fraction] = compact.replace(/^-/, '').split('.') as [string, string | undefined];
    add(toMinorUnits(integerPart.replace(/,/g, ''), fraction));
  }
  return [...amounts];
}
