import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode, ErrorParams, Locale } from '@kontor/domain';
import { isValidationKey } from '@kontor/domain';
import { statusForError } from '@kontor/domain';
import { AppError, isAppError } from '../lib/app-error';
import { isDatabaseUnavailable } from '../db/database-watchdog';
import { translateError, translateValidation } from '../lib/i18n';

/** Fastify's own error codes that are the client's fault, mapped to ours. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_REQ_FILE_TOO_LARGE: 'payload_too_large',
  FST_PARTS_LIMIT: 'payload_too_large',
  FST_FILES_LIMIT: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_ERR_VALIDATION: 'validation_failed',
};

/**
 * Field errors keyed by dotted path. Rule keys from packages/domain (e.g. "split_sum_exceeds_total")
 * become sentences in the caller's language; zod's own checks map to the nearest key.
 */
function toFieldErrors(issues: readonly SchemaIssue[], locale: Locale): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    const { key, params } = messageOf(issue);
    (fieldErrors[field] ??= []).push(translateValidation(key, locale, params));
  }
  return fieldErrors;
}

/** A schema issue as fastify-type-provider-zod hands it over: zod's code as keyword, its details as params. */
interface SchemaIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

const FORMAT_KEYS: Readonly<Record<string, string>> = { email: 'invalid_email', date: 'invalid_date', datetime: 'invalid_date' };

/**
 * The message key (and its parameters) of one issue. A rule of packages/domain names its key as the
 * message; zod's own checks map by their code, so an API caller reads them in its language too
 * ("Wählen Sie einen dieser Werte: new, approved" rather than zod's English).
 */
function messageOf(issue: SchemaIssue): { key: string; params?: Record<string, unknown> } {
  const message = issue.message ?? 'invalid';
  const details = issue.params ?? {};
  if (isValidationKey(message)) return { key: message, params: details.params as Record<string, unknown> | undefined };
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined$/.test(message)
        ? { key: 'required' }
        : { key: 'invalid_type', params: { expected: String(details.expected) } };
    case 'invalid_value':
      return Array.isArray(details.values)
        ? { key: 'invalid_choice', params: { values: details.values.map((value) => String(value)).join(', ') } }
        : { key: 'invalid' };
    case 'invalid_format':
      return { key: FORMAT_KEYS[String(details.format)] ?? 'invalid' };
    case 'too_small':
      if (details.origin === 'string') {
        return details.minimum === 1
          ? { key: 'required' }
          : { key: 'text_too_short', params: { minimum: Number(details.minimum) } };
      }
      if (details.origin === 'array') return { key: 'too_few_items', params: { minimum: Number(details.minimum) } };
      if (details.origin === 'number') return { key: 'number_too_small', params: { minimum: Number(details.minimum) } };
      return { key: 'invalid' };
    case 'too_big':
      if (details.origin === 'string') return { key: 'too_long' };
      if (details.origin === 'array') return { key: 'too_many_items', params: { maximum: Number(details.maximum) } };
      if (details.origin === 'number') return { key: 'number_too_big', params: { maximum: Number(details.maximum) } };
      return { key: 'invalid' };
    default:
      return { key: 'invalid' };
  }
}

/**
 * The database's GoBD backstop (migration 0048) refused to change what an export booked: the
 * services refuse first with a clearer code, this covers any path that forgot to ask.
 */
function isBookedFieldsLock(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === 'KX001') return true;
  }
  return false;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  params?: ErrorParams,
  fieldErrors?: Record<string, string[]>,
): FastifyReply {
  const body: ErrorBody = { code, message: translateError(code, request.locale, params) };
  if (params) body.params = params;
  if (fieldErrors) body.fieldErrors = fieldErrors;
  return reply.status(statusForError(code)).type('application/json; charset=utf-8').send(body);
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (isAppError(error)) {
        if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.code);
        return sendError(request, reply, error.code, error.params, error.fieldErrors);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return sendError(request, reply, 'validation_failed', undefined, toFieldErrors(error.validation, request.locale));
      }
      const mapped = error.code ? FRAMEWORK_CODES[error.code] : undefined;
      if (mapped) {
        const fieldErrors =
          mapped === 'validation_failed' && error.validation ? toFieldErrors(error.validation, request.locale) : undefined;
        return sendError(request, reply, mapped, undefined, fieldErrors);
      }
      if (isBookedFieldsLock(error)) return sendError(request, reply, 'invoice_booked_locked');
      if (error.statusCode === 429) {
        const seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60)));
        return sendError(request, reply, 'rate_limited', { seconds });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // A client error the framework raised that we have no finer code for.
        request.log.info({ err: error }, 'client error');
        return sendError(request, reply, error.statusCode === 404 ? 'not_found' : 'validation_failed');
      }
      if (isDatabaseUnavailable(error)) {
        // Not the request's fault, and over soon (a restart, a pause, a lock held too long).
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', '5');
        return sendError(request, reply, 'database_unavailable');
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(request, reply, 'internal');
    });
  },
  { name: 'errors' },
);

export { AppError };
