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
