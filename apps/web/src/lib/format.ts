import type { Locale } from '@kontor/domain/auth';
import { intlFormatter } from '@kontor/domain/intl';

export { formatMoney } from '@kontor/domain/money';

const INTL_LOCALE: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

/** A date or instant ("2026-03-01" or ISO 8601) as a short date in the interface language. */
export function formatDate(value: string | Date, locale: Locale): string {
  const isPlainDate = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  // A plain date means that calendar day everywhere; reading it as UTC keeps it from shifting.
  const options: Intl.DateTimeFormatOptions = isPlainDate ? { dateStyle: 'medium', timeZone: 'UTC' } : { dateStyle: 'medium' };
  return intlFormatter(Intl.DateTimeFormat, INTL_LOCALE[locale], options).format(date);
}

/** An instant as date and time in the interface language ("21.11.2026, 09:14"). */
export function formatDateTime(value: string, locale: Locale): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return intlFormatter(Intl.DateTimeFormat, INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatNumber(value: number, locale: Locale): string {
  return intlFormatter(Intl.NumberFormat, INTL_LOCALE[locale], {}).format(value);
}

/** A share from 0 to 1 as whole percent in the interface language ("92 %", "92%"). */
export function formatPercent(share: number, locale: Locale): string {
  return intlFormatter(Intl.NumberFormat, INTL_LOCALE[locale], { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** The initials of an organisation's name, for the logo fallback: "Muster GmbH" → "MG". */
export function getInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[1]] : [words[0]];
  return letters
    .map((word) => (word ? Array.from(word)[0] : ''))
    .join('')
    .toUpperCase();
}
