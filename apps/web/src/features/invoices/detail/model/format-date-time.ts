import type { Locale } from '@kontor/domain/auth';

const INTL_LOCALE: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

/** An instant as date and time in the interface language ("21.11.2026, 09:14"). */
export function formatDateTime(value: string, locale: Locale): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
