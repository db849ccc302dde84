import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, responseSerializerCompiler } from './response-serializer';

const counterparty = z.object({
  id: z.uuid(),
  name: z.string(),
  vatNumber: z.string().nullable(),
  openInvoiceCount: z.number().int(),
  state: z.enum(['verified', 'unverified']),
  note: z.string().optional(),
});
const page = z.object({
  items: z.array(counterparty),
  owner: z.object({ id: z.uuid(), email: z.email() }).nullable(),
  event: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('trusted'), at: z.iso.datetime() }),
    z.object({ kind: z.literal('merged'), survivorId: z.uuid() }),
  ]),
  nextCursor: z.string().nullable(),
});

const row = {
  id: '2a6f0f2e-1c3b-4d5e-8f90-1a2b3c4d5e6f',
  name: 'Müller "Bürotechnik" GmbH \\ Co. KG\n',
  vatNumber: null,
  openInvoiceCount: 3,
  state: 'verified',
  internalNote: 'never sent',
};
const value = {
  items: [row, { ...row, vatNumber: 'DE123456789', note: 'with note', state: 'unverified' }],
  owner: { id: row.id, email: 'anna@example.com', passwordHash: 'secret' },
  event: { kind: 'merged', survivorId: row.id, extra: 1 },
  nextCursor: null,
};

/** What fastify-type-provider-zod's serializer wrote (zod's parse of the value), read back. */
const asZodWrote = (schema: z.ZodType, input: unknown): unknown => JSON.parse(JSON.stringify(schema.parse(input)));

describe('responseSerializerCompiler', () => {
  it('writes what zod and JSON.stringify wrote, without the properties the schema does not show', () => {
    const compiled = fastJson(responseJsonSchema(page));
    const text = compiled(value);
    expect(JSON.parse(text)).toEqual(asZodWrote(page, value));
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('internalNote');
    expect(text).not.toContain('"extra"');
    expect(JSON.parse(text).items[0].name).toBe(row.name);
  });

  it('picks the branch of a nullable object or a union although the value carries more properties', () => {
    const compiled = fastJson(responseJsonSchema(page));
    const trusted = { ...value, owner: null, event: { kind: 'trusted', at: '2026-11-30T08:00:00.000Z', by: 'x' } };
    expect(JSON.parse(compiled(trusted))).toEqual(asZodWrote(page, trusted));
  });

  it('writes a date as its ISO text, as JSON.stringify does', () => {
    const withDate = z.object({ at: z.date() });
    const at = new Date('2026-11-30T08:00:00.000Z');
    expect(fastJson(responseJsonSchema(withDate))({ at })).toBe('{"at":"2026-11-30T08:00:00.000Z"}');
  });

  it('refuses, under the tests, a value the schema does not allow, as zod did', () => {
    const serialize = responseSerializerCompiler({ schema: page, method: 'GET', url: '/api/example', httpStatus: '200' });
    expect(JSON.parse(serialize(value))).toEqual(asZodWrote(page, value));
    expect(() => serialize({ ...value, items: [{ ...row, openInvoiceCount: 'three' }] })).toThrow(
      "Response doesn't match the schema",
    );
  });
});
