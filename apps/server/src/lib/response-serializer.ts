import { isDeepStrictEqual } from 'node:util';
import fastJson, { type Schema as FastJsonSchema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * Under the tests every response is also checked as fastify-type-provider-zod's serializer did it
 * (zod parses the value, JSON.stringify writes the result): a value the schema refuses fails as
 * before, and the compiled serializer must write the same JSON.
 */
const CHECK_AGAINST_ZOD = process.env.VITEST !== undefined;

type JsonSchema = { [key: string]: unknown };

function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema && schema.properties instanceof $ZodType) {
    return schema.properties;
  }
  throw new InvalidSchemaError(JSON.stringify(schema));
}

/**
 * `additionalProperties: false` dropped throughout: fast-json-stringify leaves out undeclared
 * properties anyway (as zod strips them), but where it picks an `anyOf` branch by validating the
 * value, the flag would refuse an object that merely carries more than the schema shows.
 */
function withoutClosedObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutClosedObjects);
  if (typeof schema !== 'object' || schema === null) return schema;
  const open: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' && value === false) continue;
    open[key] = withoutClosedObjects(value);
  }
  return open;
}

/** The JSON Schema of what the zod schema outputs, as fast-json-stringify reads it (draft 7). */
export function responseJsonSchema(schema: $ZodType): FastJsonSchema {
  // A transform or a date has no JSON Schema: `{}` writes the value as JSON.stringify would.
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  // The shapes agree: both are JSON Schema draft 7.
  return withoutClosedObjects(json) as FastJsonSchema;
}

/**
 * Writes responses with fast-json-stringify, compiled from the route's zod response schema: the
 * schema still decides which properties go out, at a quarter of the cost of zod parsing the value
 * and JSON.stringify writing it (a 50-row counterparty page: 90 → 24 µs). In production the value
 * is no longer validated on its way out; the tests validate every response and compare the JSON
 * (CHECK_AGAINST_ZOD). Each serializer is compiled on its route's first response, so start-up does
 * not compile the hundreds that a process may never send; under the tests every one is compiled
 * with its route, so a schema fast-json-stringify cannot take fails every test, not a response in
 * production.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = zodSchemaOf(schema);
  let serialize = CHECK_AGAINST_ZOD ? fastJson(responseJsonSchema(zodSchema)) : undefined;
  return (value) => {
    serialize ??= fastJson(responseJsonSchema(zodSchema));
    if (!CHECK_AGAINST_ZOD) return serialize(value);
    const parsed = safeParse(zodSchema, value);
    if (parsed.error) throw new ResponseSerializationError(method, url, { cause: parsed.error });
    const text = serialize(value);
    // The same JSON, though not always in the same key order (fast-json-stringify writes the
    // required properties first).
    if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(parsed.data)))) {
      throw new Error(
        `The compiled serializer of ${method} ${url} wrote ${text.slice(0, 500)}, zod ${JSON.stringify(parsed.data).slice(0, 500)}`,
      );
    }
    return text;
  };
};
