import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** How fastify-type-provider-zod marks its validation issues (errors.ts maps them to field errors). */
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

/**
 * Where in a request's body, query, params or headers a text holds what PostgreSQL cannot store:
 * NUL (text and jsonb refuse it, and the driver's error became a 500) or a lone UTF-16 surrogate
 * (the driver would silently write U+FFFD instead). Answers the dotted path, or null.
 */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnstorableText(value[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnstorableText(key, [...path, key]) ?? findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * zod's validator compiler, with every text checked first, once for all routes: a NUL anywhere
 * answers 400 with the field named (`unstorable_character`), before any route code runs.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (routeSchema) => {
  const validate = zodValidatorCompiler(routeSchema);
  return (data) => {
    const path = findUnstorableText(data);
    if (path === null) return validate(data);
    const pointer = `/${path.join('/')}`;
    const issue = {
      [ZOD_ISSUE]: true,
      keyword: 'custom',
      instancePath: pointer,
      schemaPath: `#${pointer}/custom`,
      message: 'unstorable_character',
      params: {},
    };
    // Fastify turns the array into a validation error (400) whose `validation` is these issues.
    return { error: [issue] as unknown as Error };
  };
};
