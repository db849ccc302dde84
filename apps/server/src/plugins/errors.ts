import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode, ErrorParams, Locale } from '@kontor/domain';
import { isValidationKey } from '@kontor/domain';
import { statusForError } from '@kontor/domain';
import { AppError, isAppError } from '../lib/app-error';
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
function toFieldErrors(
  issues: { instancePath?: string; message?: string; keyword?: string; params?: Record<string, unknown> }[],
  locale: Locale,
): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
    const ruleParams = (issue.params?.params as Record<string, unknown> | undefined) ?? undefined;
    (fieldErrors[field] ??= []).push(translateValidation(messageKeyOf(issue), locale, ruleParams));
  }
  return fieldErrors;
}

function messageKeyOf(issue: { message?: string; keyword?: string; params?: Record<string, unknown> }): string {
  const message = issue.message ?? 'invalid';
  if (isValidationKey(message)) return message;
  if (issue.keyword === 'invalid_type' && /received undefined$/.test(message)) return 'required';
  if (issue.keyword === 'too_big' && issue.params?.origin === 'string') return 'too_long';
  if (issue.keyword === 'too_small' && issue.params?.origin === 'string' && issue.params?.minimum === 1) return 'required';
  return message;
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
      if (error.statusCode === 429) {
        const seconds = Math.max(1, Math.ceil(Number(reply.getHeader('retry-after') ?? 60)));
        return sendError(request, reply, 'rate_limited', { seconds });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // A client error the framework raised that we have no finer code for.
        request.log.info({ err: error }, 'client error');
        return sendError(request, reply, error.statusCode === 404 ? 'not_found' : 'validation_failed');
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(request, reply, 'internal');
    });
  },
  { name: 'errors' },
);

export { AppError };
