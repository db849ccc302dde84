import { AlarmClock, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DASHBOARD_RANGES, type DashboardRange } from '@kontor/domain/payments/transaction-dashboard-api';
import type { TransactionDashboard } from '@kontor/domain/payments/transaction-dashboard-api';
import { Alert } from '@/components/ui/alert';
import { ErrorState } from '@/components/ui/error-state';
import { Label } from '@/components/ui/label';
import { LoadingState } from '@/components/ui/loading-state';
import { PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { transactionDetailUrl } from '@/lib/payments/payment-paths';
import { useSession } from '@/lib/session-context';
import { useSearchParamsWriter } from '@/lib/use-query-string-filters';
import { useTransactionDashboard } from '../../api/transactions-api';
import { dueState } from '../../model/transaction-display';
import { DueLabel } from '../transaction-badges';
import { VolumeChart } from './volume-chart';

function readRange(value: string | null): DashboardRange {
  return (DASHBOARD_RANGES as readonly string[]).includes(value ?? '') ? (value as DashboardRange) : '30d';
}

/** SPEC §9: payments due within 7 days (overdue ones included) with links to each. */
function DueSoon({ dashboard, slug }: { dashboard: TransactionDashboard; slug: string }) {
  const { t } = useTranslation('transactions');
  const locale = currentLocale();
  const { dueSoon } = dashboard;
  if (dueSoon.count === 0) {
    return (
      <Alert tone="info" data-testid="due-soon">
        <p className="flex items-center gap-2">
          <CircleCheck aria-hidden="true" className="size-4" />
          {t('dashboard.nothingDue')}
        </p>
      </Alert>
    );
  }
  return (
    <Alert tone={dueSoon.overdueCount > 0 ? 'danger' : 'warning'} data-testid="due-soon">
      <div className="grid gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <AlarmClock aria-hidden="true" className="size-4" />
          {t('dashboard.dueTitle', { count: dueSoon.count })} ·{' '}
          {t('dashboard.dueAmount', { amount: formatMoney(dueSoon.amount) })}
          {dueSoon.overdueCount > 0 ? <span>· {t('dashboard.overdue', { count: dueSoon.overdueCount })}</span> : null}
        </p>
        <ul className="grid gap-1 text-foreground">
          {dueSoon.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline gap-2">
              <Link to={transactionDetailUrl(slug, item.id)} className="font-medium text-primary hover:underline">
                {item.creditorName}
              </Link>
              <span className="tabular-nums">{formatMoney(item.amount, item.currency)}</span>
              <span className="text-muted-foreground">{formatDate(item.requestedExecutionDate, locale)}</span>
              <DueLabel due={dueState(item.status, item.requestedExecutionDate, dashboard.today)} />
            </li>
          ))}
        </ul>
        <Link to={`/${slug}/transactions`} className="text-sm text-primary hover:underline">
          {t('dashboard.showAll')}
        </Link>
      </div>
    </Alert>
  );
}

function Figure({ label, amount, count }: { label: string; amount: number | null; count: number }) {
  const { t } = useTranslation('transactions');
  return (
    <div className="grid gap-1 rounded-lg border border-border bg-surface p-4">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="grid">
        {amount === null ? null : <span className="text-xl font-semibold tabular-nums">{formatMoney(amount)}</span>}
        <span className="text-sm text-muted-foreground">{t('dashboard.paymentsCount', { count })}</span>
      </dd>
    </div>
  );
}

/** /{slug}/transaction-dashboard (issue 7 item 7): due soon, volume of 10 months, totals of a chosen period. */
export function TransactionDashboardScreen() {
  const { t } = useTranslation('transactions');
  const session = useSession();
  const locale = currentLocale();
  const [searchParams] = useSearchParams();
  const writeSearchParams = useSearchParamsWriter();
  const range = readRange(searchParams.get('range'));
  const dashboard = useTransactionDashboard(range);
  const data = dashboard.data;

  const rangeSelect = (
    <div className="grid gap-1">
      <Label htmlFor="dashboard-range">{t('dashboard.range')}</Label>
      <Select
        value={range}
        onValueChange={(value) =>
          writeSearchParams(
            (current) => {
              current.set('range', value);
              return current;
            },
            { replace: true },
          )
        }
      >
        <SelectTrigger id="dashboard-range" className="w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {DASHBOARD_RANGES.map((entry) => (
            <SelectItem key={entry} value={entry}>
              {t(`dashboard.ranges.${entry}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );

  return (
    <>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} actions={rangeSelect} />
      {dashboard.isPending ? <LoadingState /> : null}
      {dashboard.isError && !data ? (
        <ErrorState
          title={t('dashboard.loadFailed')}
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
          isRetrying={dashboard.isFetching}
        />
      ) : null}
      {data ? (
        <div
          className={dashboard.isPlaceholderData ? 'grid gap-6 opacity-60' : 'grid gap-6'}
          aria-busy={dashboard.isFetching || undefined}
        >
          <DueSoon dashboard={data} slug={session.organization.slug} />
          <section className="grid gap-2" aria-labelledby="dashboard-range-title">
            <h2 id="dashboard-range-title" className="text-base font-semibold">
              {t(`dashboard.ranges.${range}`)}{' '}
              <span className="text-sm font-normal text-muted-foreground">
                {t('dashboard.rangeFromTo', { from: formatDate(data.range.from, locale), to: formatDate(data.range.to, locale) })}
              </span>
            </h2>
            <dl className="grid gap-3 sm:grid-cols-3" data-testid="dashboard-range-totals">
              <Figure label={t('dashboard.exported')} amount={data.range.exportedAmount} count={data.range.exportedCount} />
              <Figure label={t('dashboard.open')} amount={data.range.openAmount} count={data.range.openCount} />
              <Figure label={t('dashboard.flagged')} amount={null} count={data.range.flaggedCount} />
            </dl>
          </section>
          <section className="grid gap-3 rounded-lg border border-border bg-surface p-4" aria-labelledby="volume-title">
            <div className="grid gap-1">
              <h2 id="volume-title" className="text-base font-semibold">
                {t('dashboard.volumeTitle')}
              </h2>
              <p className="text-sm text-muted-foreground">{t('dashboard.volumeDescription')}</p>
            </div>
            <VolumeChart volume={data.volume} />
          </section>
        </div>
      ) : null}
    </>
  );
}
