import { FileCheck2, FileClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentRunStatus } from '@kontor/domain/payments/payment-run-status';
import { HeaderCell, ListTable } from '@/components/list-table';
import { PagedListBody, pagedListTexts } from '@/components/paged-list-body';
import { EmptyState } from '@/components/ui/empty-state';
import { currentLocale } from '@/lib/i18n';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { usePagedItems } from '@/lib/use-paged-items';
import { usePaymentRunList } from '../../api/payment-run-queries';
import { paymentRunLabel, paymentRunUrl } from '../../model/payment-run-paths';
import { ExportRunRowActions } from './export-run-row-actions';

const READY: PaymentRunStatus[] = ['approved'];
const DONE: PaymentRunStatus[] = ['exported'];

function RunSection({ statuses, kind }: { statuses: PaymentRunStatus[]; kind: 'ready' | 'exported' }) {
  const { t } = useTranslation('payment-runs');
  const { t: tList } = useTranslation('payment-runs', { keyPrefix: 'list' });
  const session = useSession();
  const locale = currentLocale();
  const list = usePaymentRunList(statuses);
  const items = usePagedItems(list.data);
  const titleId = `export-${kind}-title`;
  return (
    <section aria-labelledby={titleId} className="grid gap-2" data-testid={`export-${kind}`}>
      <h2 id={titleId} className="text-base font-semibold text-foreground">
        {t(`exportScreen.${kind}.title`)}
      </h2>
      <PagedListBody
        list={list}
        itemCount={items.length}
        skeletonColumns={5}
        empty={
          <EmptyState
            icon={kind === 'ready' ? FileClock : FileCheck2}
            headingLevel={3}
            title={t(`exportScreen.${kind}.emptyTitle`)}
            description={t(`exportScreen.${kind}.emptyDescription`)}
          />
        }
        texts={pagedListTexts(tList, items.length)}
      >
        <ListTable
          aria-labelledby={titleId}
          head={
            <>
              <HeaderCell>{t('list.table.number')}</HeaderCell>
              <HeaderCell className="text-right">{t('list.table.count')}</HeaderCell>
              <HeaderCell className="text-right">{t('list.table.total')}</HeaderCell>
              <HeaderCell>{kind === 'ready' ? t('list.table.earliestExecution') : t('exportScreen.exportedAt')}</HeaderCell>
              <HeaderCell className="text-right">
                <span className="sr-only">{t('exportScreen.actions')}</span>
              </HeaderCell>
            </>
          }
        >
          {items.map((run) => (
            <tr key={run.id} className="border-t border-border" data-testid="export-run-row">
              <td className="px-3 py-2">
                <Link
                  to={paymentRunUrl(session.organization.slug, run.id)}
                  className="font-medium text-foreground hover:underline"
                >
                  {paymentRunLabel(run.number)}
                </Link>
                {run.name ? <span className="ml-2 text-muted-foreground">{run.name}</span> : null}
                {kind === 'ready' && run.blockedCount > 0 ? (
                  <span className="block text-xs text-danger">{t('export.blockedReason', { count: run.blockedCount })}</span>
                ) : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{run.transactionCount}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(run.totalAmount)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {kind === 'ready'
                  ? run.earliestExecutionDate
                    ? formatDate(run.earliestExecutionDate, locale)
                    : '—'
                  : run.exportedAt
                    ? formatDateTime(run.exportedAt, locale)
                    : '—'}
              </td>
              <td className="px-3 py-2 text-right">
                <ExportRunRowActions run={run} />
              </td>
            </tr>
          ))}
        </ListTable>
      </PagedListBody>
    </section>
  );
}

/** The export screen's transactions tab: approved runs to export and exported runs to download again. */
export function TransactionsExportTab() {
  return (
    <div className="grid gap-8">
      <RunSection statuses={READY} kind="ready" />
      <RunSection statuses={DONE} kind="exported" />
    </div>
  );
}
