import { useTranslation } from 'react-i18next';
import type { TransactionDashboard } from '@kontor/domain/payments/transaction-dashboard-api';
import { formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { barShares, monthLabel } from '../../model/volume-chart';

const CHART_HEIGHT = 160;

/**
 * The paid volume of the last 10 months as plain SVG bars (the web has no chart library): each bar
 * is a list item with its month, amount and count as text, so screen readers read the numbers.
 */
export function VolumeChart({ volume }: { volume: TransactionDashboard['volume'] }) {
  const { t } = useTranslation('transactions');
  const locale = currentLocale();
  const shares = barShares(volume.map((entry) => entry.amount));
  if (volume.every((entry) => entry.amount === 0)) {
    return <p className="text-sm text-muted-foreground">{t('dashboard.volumeEmpty')}</p>;
  }
  return (
    <ol className="flex items-end gap-2" style={{ height: CHART_HEIGHT + 40 }} data-testid="volume-chart">
      {volume.map((entry, index) => {
        const label = monthLabel(entry.month, locale);
        const amount = formatMoney(entry.amount);
        const height = Math.max(2, Math.round((shares[index] ?? 0) * CHART_HEIGHT));
        return (
          <li key={entry.month} className="flex min-w-0 flex-1 flex-col items-center gap-1">
            <span className="sr-only">{t('dashboard.volumeBar', { month: label, amount, count: entry.count })}</span>
            <svg
              aria-hidden="true"
              width="100%"
              height={CHART_HEIGHT}
              viewBox={`0 0 10 ${CHART_HEIGHT}`}
              preserveAspectRatio="none"
            >
              <title>{`${label}: ${amount}`}</title>
              <rect x="1" y={CHART_HEIGHT - height} width="8" height={height} rx="1" className="fill-primary" />
            </svg>
            <span aria-hidden="true" className="truncate text-xs text-muted-foreground">
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
