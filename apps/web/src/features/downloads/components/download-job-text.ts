import type { TFunction } from 'i18next';
import type { Locale } from '@kontor/domain/auth';
import type { DownloadJob } from '@kontor/domain/exports/export-api';
import { intlFormatter } from '@kontor/domain/intl';
import { formatNumber } from '@/lib/format';

const INTL_LOCALE: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** "1.4 MB" / "1,4 MB": exports run from a few KB (CSV) to GB (complete zips). */
export function formatFileSize(bytes: number, locale: Locale): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return intlFormatter(Intl.NumberFormat, INTL_LOCALE[locale], {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  }).format(value);
}

/** "DATEV export · Complete · 12 invoices", or "… · Payment run PR-7 bookings". */
export function describeJob(job: DownloadJob, t: TFunction<'downloads'>, locale: Locale): string {
  const subject =
    job.source === 'payment_run'
      ? job.paymentRunNumber === null
        ? t('job.paymentRunUnknown')
        : t('job.paymentRun', { number: job.paymentRunNumber })
      : t('job.invoices', { count: job.itemCount, formattedCount: formatNumber(job.itemCount, locale) });
  return t('job.title', { format: t(`formats.${job.format}`), type: t(`types.${job.type}`), subject });
}
