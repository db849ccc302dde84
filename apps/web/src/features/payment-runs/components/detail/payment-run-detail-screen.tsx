import { ArrowLeft, FileSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PaymentRun } from '@kontor/domain/payments/payment-run-api';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { hasErrorCode } from '@/lib/api-error';
import { currentLocale } from '@/lib/i18n';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { usePaymentRun } from '../../api/payment-run-queries';
import { paymentRunLabel, paymentRunsUrl } from '../../model/payment-run-paths';
import { runAbilities } from '../../model/run-abilities';
import { RunStatusBadge } from '../run-status-badge';
import { PaymentBlocks } from './payment-blocks';
import { RunActionsBar } from './run-actions-bar';
import { RunApprovalPanel } from './run-approval-panel';
import { RunTransactionsTable } from './run-transactions-table';
import { useRunActions } from './use-run-actions';

function RunFacts({ run }: { run: PaymentRun }) {
  const { t } = useTranslation('payment-runs');
  const locale = currentLocale();
  const facts: [string, string][] = [
    [t('detail.count'), String(run.transactionCount)],
    [t('detail.total'), formatMoney(run.totalAmount)],
    [t('detail.earliestExecution'), run.earliestExecutionDate ? formatDate(run.earliestExecutionDate, locale) : '—'],
    [t('detail.origin'), t(`origin.${run.origin}`)],
    [
      t('detail.created'),
      t('list.createdBy', { name: run.createdByName ?? t(`origin.${run.origin}`), date: formatDateTime(run.createdAt, locale) }),
    ],
  ];
  if (run.export) {
    facts.push([
      t('detail.exported'),
      t('detail.exportedBy', {
        format: run.export.format,
        name: run.export.exportedByName ?? '—',
        date: run.exportedAt ? formatDateTime(run.exportedAt, locale) : '—',
      }),
    ]);
  }
  return (
    <dl
      className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-surface p-4 text-sm sm:grid-cols-3 lg:grid-cols-6"
      data-testid="run-facts"
    >
      {facts.map(([term, value]) => (
        <div key={term} className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{term}</dt>
          <dd className="font-medium text-foreground tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RunDetail({ run }: { run: PaymentRun }) {
  const { t } = useTranslation('payment-runs');
  const session = useSession();
  const navigate = useNavigate();
  const listUrl = paymentRunsUrl(session.organization.slug);
  const actions = useRunActions(run, () => void navigate(listUrl));
  const abilities = runAbilities(run);
  return (
    <div className="grid gap-6">
      <header className="grid gap-3">
        <Link to={listUrl} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('detail.back')}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground">
            {paymentRunLabel(run.number)}
            {run.name ? <span className="ml-2 font-normal text-muted-foreground">{run.name}</span> : null}
          </h1>
          <RunStatusBadge status={run.status} />
        </div>
        <RunActionsBar run={run} actions={actions} />
      </header>
      {run.blockedCount > 0 && run.status !== 'exported' ? (
        <Alert tone="danger" data-testid="run-blocked-banner">
          <div className="grid gap-1">
            <p className="font-medium">{t('detail.blockedBanner', { count: run.blockedCount })}</p>
            <p>{t('detail.blockedHint')}</p>
          </div>
        </Alert>
      ) : null}
      <RunFacts run={run} />
      {/* The payments take the whole width: beside the approval panel their amount and analysis
          columns were cut off on a 1280 px laptop. */}
      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <PaymentBlocks blocks={run.paymentBlocks} />
        <RunApprovalPanel approval={run.approval} />
      </div>
      <RunTransactionsTable
        runId={run.id}
        canRemove={abilities.canChangeTransactions}
        onRemove={actions.removeTransactions}
        isRemoving={actions.isPending}
      />
    </div>
  );
}

/** /{slug}/pr/:id: the run, its payments, its approval and what the viewer may do with it. */
export function PaymentRunDetailScreen({ id }: { id: string }) {
  const { t } = useTranslation('payment-runs');
  const session = useSession();
  const run = usePaymentRun(id);
  if (run.isPending) return <LoadingState label={t('detail.loading')} />;
  if (run.isError) {
    if (hasErrorCode(run.error, 'payment_run_not_found') || hasErrorCode(run.error, 'not_found')) {
      return (
        <EmptyState
          icon={FileSearch}
          headingLevel={1}
          title={t('detail.notFoundTitle')}
          description={t('detail.notFoundDescription')}
          action={<Link to={paymentRunsUrl(session.organization.slug)}>{t('detail.back')}</Link>}
        />
      );
    }
    return (
      <ErrorState
        title={t('detail.loadFailed')}
        error={run.error}
        onRetry={() => void run.refetch()}
        isRetrying={run.isFetching}
      />
    );
  }
  return <RunDetail run={run.data} />;
}
