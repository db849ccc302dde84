import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * Statements whose text depends on a few choices (their shape) and whose values go into named
 * slots: built and compiled once per shape, then sent with each call's values. Building the
 * counterparty search's statement with drizzle's templates, compiling its 3 KB of text and looking
 * its name up by that text cost about 40 µs per request, and the garbage of it made every young
 * collection promote several times what a plain page's did (measured: old space +1.1 against
 * +0.25 MB per scavenge, with full collections only under the search).
 *
 * The builder must make its text and its constants from the shape alone, and every value must be
 * a slot: under the server tests every call builds the statement again, and a text or a constant
 * that differs from the one kept for its shape, or a slot without a value, fails the test.
 */
export type SlotValues = Readonly<Record<string, unknown>>;

/** A value of the statement, filled in from the call's SlotValues. */
export const slot = (name: string): SQL => sql`${sql.placeholder(name)}`;

export interface StatementTemplate {
  text: string;
  /** Its prepared statement's name (preparedStatementName). */
  name: string;
  /** Each parameter: a slot's name or a constant of the text (a cast's bound, say). */
  params: readonly unknown[];
}

const dialect = new PgDialect({ casing: 'snake_case' });
const CHECK_TEMPLATES = process.env.VITEST !== undefined;
/** Shapes are few (the search's are a few dozen); a runaway key must not grow the process. */
const TEMPLATES_KEPT = 1_000;
const templates = new Map<string, StatementTemplate>();

/** A prepared statement's name: the label, and a hash of the text that tells its shapes apart. */
export const preparedStatementName = (label: string, text: string): string =>
  `${label}_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;

function compileTemplate(label: string, statement: SQL): StatementTemplate {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, name: preparedStatementName(label, text), params };
}

/** The template of `shapeKey` (unique within `label`), built by `build` the first time. */
export function statementTemplate(label: string, shapeKey: string, build: () => SQL): StatementTemplate {
  const key = `${label}\u0000${shapeKey}`;
  let template = templates.get(key);
  if (template === undefined) {
    if (templates.size >= TEMPLATES_KEPT) templates.clear();
    templates.set(key, (template = compileTemplate(label, build())));
  } else if (CHECK_TEMPLATES) {
    const rebuilt = compileTemplate(label, build());
    if (rebuilt.text !== template.text || !isDeepStrictEqual(rebuilt.params.map(paramKey), template.params.map(paramKey))) {
      throw new Error(`The shape key ${shapeKey} of ${label} does not decide its text`);
    }
  }
  return template;
}

/** A parameter as the check compares it: a slot by its name, a constant by its value. */
const paramKey = (param: unknown): unknown => (param instanceof Placeholder ? { slot: param.name } : param);

/** The parameters of `template` for `values`. */
export function fillSlots(template: StatementTemplate, values: SlotValues): unknown[] {
  return template.params.map((param) => {
    if (!(param instanceof Placeholder)) return param;
    const value = values[param.name];
    if (value === undefined) throw new Error(`No value for the slot ${param.name}`);
    return value;
  });
}
