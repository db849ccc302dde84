import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DownloadJob } from '@kontor/domain/exports/export-api';
import { HeaderCell, ListTable } from '@/components/list-table';
import { PagedListBody, pagedListTexts } from '@/components/paged-list-body';
import { EmptyState } from '@/components/ui/empty-state';
import { useExportHistory } from '@/lib/exports/accounting-export';
import { formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useSession } from '@/lib/session-context';
import { usePagedItems } from '@/lib/use-paged-items';
import { DownloadExportButton } from './download-export-button';
import { ExportStatus } from './export-status';

/** "DATEV · Complete": what a past export wrote. */
export function useExportLabel() {
  const { t } = useTranslation('exports');
  return (job: DownloadJob) => `${t(`formats.${job.format}`)} · ${t(`types.${job.type}`)}`;
}

/** The export screen's history (issue 41 item 1): who exported what, when, and its file. */
export function ExportHistory() {
  const { t } = useTranslation('exports');
  const { t: tList } = useTranslation('exports', { keyPrefix: 'list' });
  const { organization } = useSession();
  const locale = currentLocale();
  const list = useExportHistory();
  const items = usePagedItems(list.data);
  const label = useExportLabel();
  return (
    <section aria-labelledby="export-history-title" className="grid gap-3" data-testid="export-history">
      <h2 id="export-history-title" className="text-base font-semibold text-foreground">
        {t('history.title')}
      </h2>
      <PagedListBody
        list={list}
        itemCount={items.length}
        skeletonColumns={6}
        empty={
          <EmptyState
            icon={History}
            headingLevel={3}
            title={t('history.emptyTitle')}
            description={t('history.emptyDescription')}
          />
        }
        texts={pagedListTexts(tList, items.length)}
      >
        <ListTable
          aria-labelledby="export-history-title"
          head={
            <>
              <HeaderCell>{t('history.when')}</HeaderCell>
              <HeaderCell>{t('history.what')}</HeaderCell>
              <HeaderCell>{t('history.who')}</HeaderCell>
              <HeaderCell className="text-right">{t('history.count')}</HeaderCell>
              <HeaderCell>{t('history.status')}</HeaderCell>
              <HeaderCell className="text-right">
                <span className="sr-only">{t('history.actions')}</span>
              </HeaderCell>
            </>
          }
        >
          {items.map((job) => (
            <tr key={job.id} className="border-t border-border" data-testid="export-history-row">
              <td className="px-3 py-2 whitespace-nowrap">
                <Link
                  to={`/${organization.slug}/export/history/${job.id}`}
                  className="font-medium text-foreground hover:underline"
                >
                  {formatDateTime(job.createdAt, locale)}
                </Link>
              </td>
              <td className="px-3 py-2">
                {label(job)}
                <span className="block text-xs text-muted-foreground">
                  {job.source === 'payment_run'
                    ? t('history.paymentRun', { number: job.paymentRunNumber ?? '' })
                    : t('history.invoices')}
                  {job.exportAgain ? ` · ${t('history.again')}` : ''}
                </span>
              </td>
              <td className="px-3 py-2">{job.createdByName ?? '—'}</td>
              <td className="px-3 py-2 text-right tabular-nums">{job.itemCount}</td>
              <td className="px-3 py-2">
                <ExportStatus job={job} />
              </td>
              <td className="px-3 py-2 text-right">{job.status === 'completed' ? <DownloadExportButton job={job} /> : null}</td>
            </tr>
          ))}
        </ListTable>
      </PagedListBody>
    </section>
  );
}
