import { sql } from 'drizzle-orm';
import type { CounterpartyVerificationState } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { decodeCursorValues, encodeCursorValues, invalidCursor, isUuid } from '../../lib/keyset-cursor';
import { slot } from '../../db/statement-templates';
import { rankedPage, type PageCondition, type RankedPosition, type RankedRow } from './ranked-search';
import { searchTermsOf } from './search-matches';

export interface CounterpartyListFilter {
  search: string | undefined;
  isTrusted: boolean | undefined;
  hasOpenInvoices: boolean | undefined;
  verification: CounterpartyVerificationState | undefined;
  after: ListCursor | null;
  limit: number;
}

/** The keyset position: the last row's rank, search name and id (ARCHITECTURE §4: opaque). */
export type ListCursor = RankedPosition;

export function encodeListCursor(cursor: ListCursor): string {
  return encodeCursorValues([cursor.rank, cursor.name, cursor.id]);
}

export function decodeListCursor(raw: string | undefined): ListCursor | null {
  if (!raw) return null;
  const [rank, name, id] = decodeCursorValues(raw, 3);
  if ((rank !== 0 && rank !== 1) || typeof name !== 'string' || !isUuid(id)) throw invalidCursor();
  return { rank, name, id };
}

export interface CounterpartyListRow extends RankedRow {
  name: string;
  vat_number: string | null;
  city: string | null;
  country: string | null;
  accounts_payable_number: string | null;
  accounts_receivable_number: string | null;
  is_trusted: boolean;
  bank_account_count: number;
  open_invoice_count: number;
  verification_state: CounterpartyVerificationState;
}

/** The page's columns from p; the counts are stored on the counterparty (migration 0030). */
const PAGE_COLUMNS = sql`p.id, p.name, p.sort_name, p.rank, p.vat_number, p.city, p.country, p.accounts_payable_number,
       p.accounts_receivable_number, p.is_trusted, p.bank_account_count, p.open_invoice_count, p.verification_state`;

/** The filters other than trusted (which the search applies itself), on counterparties c. */
function filterConditions(filter: CounterpartyListFilter): PageCondition[] {
  const conditions: PageCondition[] = [];
  if (filter.hasOpenInvoices !== undefined) {
    conditions.push(
      filter.hasOpenInvoices
        ? { key: 'open', sql: sql`c.open_invoice_count > 0` }
        : { key: 'none-open', sql: sql`c.open_invoice_count = 0` },
    );
  }
  if (filter.verification) {
    conditions.push({
      key: 'verification',
      sql: sql`c.verification_state = ${slot('verification')}`,
      values: { verification: filter.verification },
    });
  }
  return conditions;
}

/**
 * One keyset page, one row more than asked (to know whether there is a next page): by name, or
 * for a search the names starting with it first (ranked-search.ts).
 */
export function listCounterpartyRows(tx: Tx, orgId: OrgId, filter: CounterpartyListFilter): Promise<CounterpartyListRow[]> {
  return rankedPage<CounterpartyListRow>(tx, {
    orgId,
    terms: filter.search ? searchTermsOf(filter.search) : null,
    isTrusted: filter.isTrusted,
    filters: filterConditions(filter),
    after: filter.after,
    limit: filter.limit + 1,
    columns: PAGE_COLUMNS,
    label: 'counterparty_list',
  });
}
