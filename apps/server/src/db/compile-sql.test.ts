import { and, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { compileSql } from './compile-sql';
import { counterparties, invoices } from './schema';

const dialect = new PgDialect({ casing: 'snake_case' });

function expectAsDrizzle(statement: SQL): void {
  const expected = dialect.sqlToQuery(statement);
  expect(compileSql(statement, dialect)).toEqual({ sql: expected.sql, params: expected.params });
}

describe('compileSql', () => {
  it('compiles templates, columns, tables, names, lists and mapped parameters as drizzle does', () => {
    const since = new Date('2026-11-01T10:00:00Z');
    expectAsDrizzle(
      sql`select ${invoices.id}, ${sql.identifier('odd "name"')} from ${invoices}
           where ${and(eq(invoices.organizationId, 'org'), gt(invoices.createdAt, since), isNull(invoices.counterpartyId))}
             and ${invoices.status} in ${['new', 'rejected']} and ${inArray(invoices.id, ['a', 'b'])}
             ${undefined} limit ${51}`,
    );
  });

  it('names aliased tables and their columns by the alias, and nests subqueries', () => {
    const other = alias(counterparties, 'other');
    expectAsDrizzle(sql`select ${other.name} from ${other} where ${other.id} = ${sql`(select ${sql.raw('1')})`}`);
  });

  it('leaves placeholders and inlined parameters to drizzle with the same result', () => {
    expectAsDrizzle(sql`select ${sql.placeholder('limit')}`);
    expectAsDrizzle(sql`select ${"it's"} as quoted`.inlineParams());
    expectAsDrizzle(sql`select ${{ kind: 'object' }} as value`);
  });

  it('numbers parameters in order across nested statements', () => {
    const inner = sql`${1} + ${2}`;
    const compiled = compileSql(sql`select ${inner}, ${inner}, ${'x'}`, dialect);
    expect(compiled).toEqual({ sql: 'select $1 + $2, $3 + $4, $5', params: [1, 2, 1, 2, 'x'] });
  });
});
