import type { FieldError } from 'react-hook-form';
import type { $ZodRawIssue } from 'zod/v4/core';
import { i18n } from './i18n';

type Issue = $ZodRawIssue;

/**
 * Turns a zod issue from a domain schema into a sentence in the interface language (SPEC §5:
 * "This field is required", "{0} is too long", …). Passed to zodResolver as its error map,
 * so forms validate with the same schemas as the server but speak the user's language.
 */
export function translateIssue(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number' || issue.expected === 'int') return i18n.t('common:validation.number');
      return i18n.t('common:validation.required');
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') return i18n.t('common:validation.required');
      if (issue.origin === 'array' || issue.origin === 'set')
        return i18n.t('common:validation.selectAtLeast', { count: minimum });
      return i18n.t('common:validation.min', { min: minimum });
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return i18n.t('common:validation.tooLong', { max: maximum });
      if (issue.origin === 'array' || issue.origin === 'set') return i18n.t('common:validation.selectAtMost', { count: maximum });
      return i18n.t('common:validation.max', { max: maximum });
    }
    case 'invalid_value':
    case 'invalid_union':
      return i18n.t('common:validation.choose');
    default:
      return i18n.t('common:validation.invalid');
  }
}

export const zodErrorOptions = { error: translateIssue };

/**
 * A field's message in the interface language. Domain schemas and the server's `fieldErrors`
 * carry rule codes ("required", "invalid_iban"); those come from the `validation` namespace,
 * anything else (already translated by translateIssue) is shown as it is.
 */
export function translateFieldMessage(message: string | undefined, params?: Record<string, unknown>): string | undefined {
  if (!message) return undefined;
  const key = `validation:${message}`;
  return i18n.exists(key) ? i18n.t(key as 'validation:required', params ?? {}) : message;
}

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** Rewrites every message of the error tree in place: rule codes ("invalid_iban") become sentences. */
export function translateErrorTree(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  if (isFieldError(node)) node.message = translateFieldMessage(node.message) ?? node.message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    translateErrorTree(child);
  }
}
