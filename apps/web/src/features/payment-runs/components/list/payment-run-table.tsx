import { TriangleExclamationPoint } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentRunSummary } from '@kontor/domain/payments/payment-run-api';
import { currentLocale } from '@/lib/i18n';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { paymentRunLabel } from '../../model/payment-run-paths';
import { RunStatusBadge } from '../run-status-badge';

function Missing() {
  return <span className="text-muted-foreground">—</span>;
}

/** One row per run, newest first; the number is a link and the whole row opens the run. */
export function PaymentRunTable({
  items,
  detailPath,
  onOpen,
}: {
  items: PaymentRunSummary[];
  detailPath: (id: string) => string;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('payment-runs');
  const locale = currentLocale();
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(id);
  };
  const header = (label: string, className = '') => (
    <th scope="col" className={`px-3 py-2 font-medium ${className}`}>
      {label}
    </th>
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm" aria-label={t('list.table.label')}>
        <thead className="sticky top-0 bg-muted/60 text-left text-xs text-muted-foreground">
          <tr>
            {header(t('list.table.number'))}
            {header(t('list.table.name'))}
            {header(t('list.table.status'))}
            {header(t('list.table.origin'))}
            {header(t('list.table.count'), 'text-right')}
            {header(t('list.table.total'), 'text-right')}
            {header(t('list.table.earliestExecution'))}
            {header(t('list.table.created'))}
          </tr>
        </thead>
        <tbody>
          {items.map((run) => (
            <tr
              key={run.id}
              data-testid="payment-run-row"
              tabIndex={0}
              onClick={() => onOpen(run.id)}
              onKeyDown={(event) => onRowKey(event, run.id)}
              className="cursor-pointer border-t border-border hover:bg-muted/50 focus-visible:bg-muted/50"
            >
              <td className="px-3 py-2 font-medium whitespace-nowrap text-foreground">
                <Link to={detailPath(run.id)} onClick={(event) => event.stopPropagation()} className="hover:underline">
                  {paymentRunLabel(run.number)}
                </Link>
              </td>
              <td className="max-w-64 truncate px-3 py-2">{run.name ?? <Missing />}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <div className="flex items-center gap-2">
                  <RunStatusBadge status={run.status} />
                  {run.blockedCount > 0 && run.status !== 'exported' ? (
                    <span
                      className="inline-flex items-center gap-1 text-xs text-danger"
                      data-testid="run-blocked-count"
                      title={t('list.blockedHint')}
                    >
                      <TriangleExclamationPoint aria-hidden="true" className="size-3.5" />
                      {t('list.blocked', { count: run.blockedCount })}
                    </span>
                  ) : null}
                </div>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{t(`origin.${run.origin}`)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{run.transactionCount}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(run.totalAmount)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {run.earliestExecutionDate ? formatDate(run.earliestExecutionDate, locale) : <Missing />}
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                {t('list.createdBy', {
                  name: run.createdByName ?? t(`origin.${run.origin}`),
                  date: formatDateTime(run.createdAt, locale),
                })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
