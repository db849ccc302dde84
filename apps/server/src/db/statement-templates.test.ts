import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fillSlots, slot, statementTemplate } from './statement-templates';

describe('statement templates', () => {
  it('compiles a shape once, its values in slots and its constants kept', () => {
    const label = `template_${randomUUID()}`;
    const build = () => sql`select * from t where a = ${slot('a')} and b < ${10} and c = ${slot('a')} and d = ${slot('d')}`;
    const template = statementTemplate(label, 'one', build);
    expect(template.text).toBe('select * from t where a = $1 and b < $2 and c = $3 and d = $4');
    expect(template.name).toMatch(new RegExp(`^${label}_[A-Za-z0-9_-]{20}$`));
    expect(fillSlots(template, { a: 'x', d: null })).toEqual(['x', 10, 'x', null]);
    expect(fillSlots(template, { a: 'y', d: 3 })).toEqual(['y', 10, 'y', 3]);
    expect(statementTemplate(label, 'one', build)).toBe(template);
  });

  it('refuses a slot without a value', () => {
    const template = statementTemplate(`template_${randomUUID()}`, 'one', () => sql`select ${slot('missing')}`);
    expect(() => fillSlots(template, {})).toThrow('No value for the slot missing');
  });

  it('fails under the tests when the shape key does not decide the text', () => {
    const label = `template_${randomUUID()}`;
    let withFilter = false;
    const build = () => sql`select 1 ${withFilter ? sql`where a = ${slot('a')}` : sql``}`;
    statementTemplate(label, 'same key', build);
    withFilter = true;
    expect(() => statementTemplate(label, 'same key', build)).toThrow(
      `The shape key same key of ${label} does not decide its text`,
    );
    expect(statementTemplate(label, 'filtered', build).text).toBe('select 1 where a = $1');
  });

  it('fails under the tests when the shape key does not decide a constant', () => {
    const label = `template_${randomUUID()}`;
    let limit = 10;
    const build = () => sql`select * from t limit ${limit}`;
    statementTemplate(label, 'same key', build);
    limit = 20;
    expect(() => statementTemplate(label, 'same key', build)).toThrow(
      `The shape key same key of ${label} does not decide its text`,
    );
  });

  it('names different texts of one label apart', () => {
    const label = `template_${randomUUID()}`;
    const first = statementTemplate(label, 'a', () => sql`select 1`);
    const second = statementTemplate(label, 'b', () => sql`select 2`);
    expect(first.name).not.toBe(second.name);
  });
});
