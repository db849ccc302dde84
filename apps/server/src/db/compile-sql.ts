import { Column, Name, Param, Placeholder, SQL, StringChunk, Subquery, Table, type Query } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

// Drizzle's table symbols (Table.Symbol is internal to its types).
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');
const TABLE_NAME = Symbol.for('drizzle:Name');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');
type TableSymbols = { [TABLE_SCHEMA]?: string; [TABLE_NAME]: string; [IS_ALIAS]?: boolean };

/** A chunk this compiler leaves to drizzle: placeholders, views, aliased fields, enums, inlined params. */
class NotCompiled extends Error {}

const escapeName = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** As drizzle names a table: schema-qualified unless it has no schema or is an alias. */
function tableName(table: Table): string {
  const symbols = table as unknown as TableSymbols;
  const schema = symbols[TABLE_SCHEMA];
  const name = escapeName(symbols[TABLE_NAME]);
  return schema === undefined || symbols[IS_ALIAS] ? name : `${escapeName(schema)}.${name}`;
}

function compileChunk(chunk: unknown, out: { sql: string; params: unknown[] }): void {
  if (chunk === undefined) return;
  if (chunk instanceof StringChunk) {
    out.sql += chunk.value.join('');
  } else if (chunk instanceof SQL) {
    if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw new NotCompiled();
    for (const inner of chunk.queryChunks) compileChunk(inner, out);
  } else if (chunk instanceof Param) {
    if (chunk.value instanceof Placeholder) throw new NotCompiled();
    const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (value instanceof SQL) return compileChunk(value, out);
    if (
      value !== null &&
      typeof value === 'object' &&
      !(value instanceof Date) &&
      !Array.isArray(value) &&
      !Buffer.isBuffer(value)
    ) {
      // An object or another entity as a value: drizzle's own rules apply.
      throw new NotCompiled();
    }
    out.params.push(value);
    out.sql += `$${out.params.length}`;
  } else if (chunk instanceof Column) {
    if (chunk.keyAsName) throw new NotCompiled();
    out.sql += `${tableName(chunk.table)}.${escapeName(chunk.name)}`;
  } else if (chunk instanceof Table) {
    out.sql += tableName(chunk);
  } else if (chunk instanceof Name) {
    out.sql += escapeName(chunk.value);
  } else if (Array.isArray(chunk)) {
    out.sql += '(';
    chunk.forEach((item, index) => {
      if (index > 0) out.sql += ', ';
      compileChunk(item, out);
    });
    out.sql += ')';
  } else if (chunk instanceof Subquery) {
    if (chunk._.isWith) {
      out.sql += escapeName(chunk._.alias);
    } else {
      out.sql += '(';
      compileChunk(chunk._.sql, out);
      out.sql += `) ${escapeName(chunk._.alias)}`;
    }
  } else if (
    chunk !== null &&
    (typeof chunk === 'object' || typeof chunk === 'function') &&
    !(chunk instanceof Date) &&
    !Buffer.isBuffer(chunk)
  ) {
    // Query builders, views, aliased fields, placeholders, enums: rare in prepared statements.
    throw new NotCompiled();
  } else {
    out.params.push(chunk);
    out.sql += `$${out.params.length}`;
  }
}

/**
 * The text and parameters of a statement, as drizzle's PgDialect.sqlToQuery makes them, in a
 * single pass over the chunks. Drizzle's builder tests each chunk against a dozen entity classes
 * by walking prototype chains and merges an object per chunk: measured 10 % of the server's CPU on
 * the invoice overview. Anything beyond plain templates, columns, tables, names and parameters is
 * left to drizzle; the server tests compare both on every statement they send (database.ts).
 */
export function compileSql(statement: SQL, dialect: PgDialect): Query {
  const out = { sql: '', params: [] as unknown[] };
  try {
    compileChunk(statement, out);
  } catch (error) {
    if (!(error instanceof NotCompiled)) throw error;
    const { sql, params } = dialect.sqlToQuery(statement);
    return { sql, params };
  }
  return out;
}
