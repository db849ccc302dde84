import { TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentRunSummary } from '@kontor/domain/payments/payment-run-api';
import { HeaderCell, ListTable, MissingValue, OpenableRow, type RecordTableProps } from '@/components/list-table';
import { currentLocale } from '@/lib/i18n';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { paymentRunLabel } from '../../model/payment-run-paths';
import { RunStatusBadge } from '../run-status-badge';

/** One row per run, newest first; the number is a link and the whole row opens the run. */
export function PaymentRunTable({ items, detailPath, onOpen }: RecordTableProps<PaymentRunSummary>) {
  const { t } = useTranslation('payment-runs');
  const locale = currentLocale();
  return (
    <ListTable
      aria-label={t('list.table.label')}
      stickyHeader
      head={
        <>
          <HeaderCell>{t('list.table.number')}</HeaderCell>
          <HeaderCell>{t('list.table.name')}</HeaderCell>
          <HeaderCell>{t('list.table.status')}</HeaderCell>
          <HeaderCell>{t('list.table.origin')}</HeaderCell>
          <HeaderCell className="text-right">{t('list.table.count')}</HeaderCell>
          <HeaderCell className="text-right">{t('list.table.total')}</HeaderCell>
          <HeaderCell>{t('list.table.earliestExecution')}</HeaderCell>
          <HeaderCell>{t('list.table.created')}</HeaderCell>
        </>
      }
    >
      {items.map((run) => (
        <OpenableRow key={run.id} testId="payment-run-row" onOpen={() => onOpen(run.id)}>
          <td className="px-3 py-2 font-medium whitespace-nowrap text-foreground">
            <Link to={detailPath(run.id)} onClick={(event) => event.stopPropagation()} className="hover:underline">
              {paymentRunLabel(run.number)}
            </Link>
          </td>
          <td className="max-w-64 truncate px-3 py-2">{run.name ?? <MissingValue />}</td>
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
            {run.earliestExecutionDate ? formatDate(run.earliestExecutionDate, locale) : <MissingValue />}
          </td>
          <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
            {t('list.createdBy', {
              name: run.createdByName ?? t(`origin.${run.origin}`),
              date: formatDateTime(run.createdAt, locale),
            })}
          </td>
        </OpenableRow>
      ))}
    </ListTable>
  );
}
