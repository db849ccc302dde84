import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useBankTransactionTotals } from '../api/get-bank-transaction-totals';
import { currencyTotals } from '../model/amounts';

/**
 * Count and, per currency, the incoming and outgoing sums of every transaction the filters match
 * (not only the loaded pages). A failure is said quietly: the list below still works.
 */
export function TotalsBar({ query }: { query: Record<string, string | number> }) {
  const { t } = useTranslation('bank-transactions');
  const totals = useBankTransactionTotals(query);
  if (totals.isPending) {
    return <div className="mb-3 h-14 animate-pulse rounded-lg bg-muted" aria-hidden="true" />;
  }
  if (totals.isError && !totals.data) {
    return <p className="mb-3 text-sm text-muted-foreground">{t('totals.loadFailed')}</p>;
  }
  const lines = currencyTotals(totals.data);
  return (
    <section
      aria-label={t('totals.label')}
      data-testid="bank-transaction-totals"
      aria-busy={totals.isFetching || undefined}
      className={cn(
        'mb-3 flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border border-border bg-surface px-4 py-3 text-sm',
        totals.isPlaceholderData && 'opacity-60',
      )}
    >
      <p className="font-semibold text-foreground" data-testid="bank-transaction-count">
        {t('totals.count', { count: totals.data.count })}
      </p>
      {lines.map((line) => (
        <dl key={line.currency} className="flex flex-wrap gap-x-6 gap-y-1" data-testid="currency-totals">
          {line.incomingCount > 0 ? (
            <div className="flex items-baseline gap-2">
              <dt className="text-muted-foreground">{t('totals.incoming')}</dt>
              <dd className="font-medium text-success tabular-nums">
                {line.incoming}{' '}
                <span className="text-xs font-normal text-muted-foreground">
                  ({t('totals.bookings', { count: line.incomingCount })})
                </span>
              </dd>
            </div>
          ) : null}
          {line.outgoingCount > 0 ? (
            <div className="flex items-baseline gap-2">
              <dt className="text-muted-foreground">{t('totals.outgoing')}</dt>
              <dd className="font-medium text-foreground tabular-nums">
                {line.outgoing}{' '}
                <span className="text-xs font-normal text-muted-foreground">
                  ({t('totals.bookings', { count: line.outgoingCount })})
                </span>
              </dd>
            </div>
          ) : null}
        </dl>
      ))}
    </section>
  );
}
