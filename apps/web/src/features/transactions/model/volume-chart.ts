import { intlFormatter } from '@kontor/domain/intl';

/** Bar heights of the volume chart as shares of the largest month (0..1); all zero when nothing was paid. */
export function barShares(amounts: readonly number[]): number[] {
  const largest = Math.max(0, ...amounts);
  return amounts.map((amount) => (largest > 0 ? Math.max(0, amount) / largest : 0));
}

/** "2026-03" → the month's short name and year in the interface language ("Mär 26", "Mar 26"). */
export function monthLabel(month: string, locale: 'de' | 'en'): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return intlFormatter(Intl.DateTimeFormat, locale === 'de' ? 'de-DE' : 'en-GB', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}
