import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A name as a German reader sorts it: counterparty_search_text (migration 0032) folds any name
 * (any case, Ö as O, ß as ss), which the database's C collation would otherwise sort by code point
 * ("anna" after "Zoe", "Özdemir" after "Zander"). For short lists sorted per request; the long
 * ones store the folded name on an index (counterparties.search_name, invoices.counterparty_search_name).
 */
export function readerOrder(name: SQLWrapper): SQL {
  return sql`counterparty_search_text(${name})`;
}
