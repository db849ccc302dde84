import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * Names and texts as a German reader compares them: counterparty_search_text (migration 0032)
 * folds any text (any case, Ö as O, ß as ss), where the database's C collation compares code
 * points ("anna" after "Zoe", "Özdemir" after "Zander") and ILIKE folds ASCII only ("müller" does
 * not find "MÜLLER"). The long lists store the folded name on an index instead
 * (counterparties.search_name, invoices.counterparty_search_name): a migration that changes the
 * function must recompute them (ALTER COLUMN … SET EXPRESSION, as migration 0032 does).
 */

/** Sort key of a short list sorted per request. */
export function readerOrder(name: SQLWrapper): SQL {
  return sql`counterparty_search_text(${name})`;
}

/** Whether `text` matches the LIKE `pattern` (see lib/like-pattern), both folded. */
export function readerMatch(text: SQLWrapper, pattern: string): SQL {
  return sql`counterparty_search_text(${text}) like counterparty_search_text(${pattern}::text)`;
}
