import { ArrowLeft, FileX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountingExportDialog } from '@/components/exports/accounting-export-dialog';
import { HeaderCell, ListTable } from '@/components/list-table';
import { PagedListBody, pagedListTexts } from '@/components/paged-list-body';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useExportItems, useExportJob } from '@/lib/exports/accounting-export';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { useSession } from '@/lib/session-context';
import { usePagedItems } from '@/lib/use-paged-items';
import { DownloadExportButton } from './download-export-button';
import { useExportLabel } from './export-history';
import { ExportStatus } from './export-status';

/** /{slug}/export/history/{id}: one past export, what it held, its file, and "export again". */
export function ExportDetail({ id }: { id: string }) {
  const { t } = useTranslation('exports');
  const { t: tList } = useTranslation('exports', { keyPrefix: 'list' });
  const { organization } = useSession();
  const locale = currentLocale();
  const job = useExportJob(id);
  const list = useExportItems(id);
  const items = usePagedItems(list.data);
  const label = useExportLabel();
  const [isRepeating, setIsRepeating] = useState(false);
  const back = (
    <Link
      to={`/${organization.slug}/export/history`}
      className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('history.back')}
    </Link>
  );

  if (job.isPending) return <LoadingState />;
  if (job.isError) {
    return (
      <div className="grid gap-4">
        {back}
        <ErrorState title={t('history.loadFailed')} error={job.error} onRetry={() => void job.refetch()} />
      </div>
    );
  }
  const data = job.data;
  return (
    <section aria-labelledby="export-detail-title" className="grid gap-4" data-testid="export-detail">
      {back}
      <div className="flex flex-wrap items-start gap-3">
        <div className="mr-auto grid gap-1">
          <h2 id="export-detail-title" className="text-base font-semibold text-foreground">
            {label(data)}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('history.byWhen', { who: data.createdByName ?? '—', when: formatDateTime(data.createdAt, locale) })}
            {data.bookingCount !== null ? ` · ${t('history.bookings', { count: data.bookingCount })}` : ''}
            {data.missingDocumentCount > 0
              ? ` · ${t(data.source === 'payment_run' ? 'history.missingRunDocuments' : 'history.missingDocuments', { count: data.missingDocumentCount })}`
              : ''}
          </p>
          <ExportStatus job={data} />
        </div>
        {data.status === 'completed' ? <DownloadExportButton job={data} size="md" /> : null}
        {data.status !== 'processing' ? (
          <Button variant="outline" onClick={() => setIsRepeating(true)}>
            {t('history.exportAgain')}
          </Button>
        ) : null}
      </div>
      <PagedListBody
        list={list}
        itemCount={items.length}
        skeletonColumns={4}
        empty={<EmptyState icon={FileX} headingLevel={3} title={t('history.noItems')} description="" />}
        texts={pagedListTexts(tList, items.length)}
      >
        <ListTable
          aria-label={t('history.itemsLabel')}
          head={
            <>
              <HeaderCell>{t('invoicesTab.number')}</HeaderCell>
              <HeaderCell>{t('invoicesTab.counterparty')}</HeaderCell>
              <HeaderCell>{t('invoicesTab.date')}</HeaderCell>
              <HeaderCell className="text-right">{t('invoicesTab.total')}</HeaderCell>
            </>
          }
        >
          {items.map((item, index) => (
            <tr
              key={item.invoiceId ?? item.transactionId ?? index}
              className="border-t border-border"
              data-testid="export-item-row"
            >
              <td className="px-3 py-2">
                {item.invoiceId ? (
                  <Link to={`/${organization.slug}/invoices/approved/${item.invoiceId}`} className="font-medium hover:underline">
                    {item.invoiceNumber ?? t('dialog.withoutNumber')}
                  </Link>
                ) : (
                  (item.invoiceNumber ?? '—')
                )}
              </td>
              <td className="px-3 py-2">{item.counterpartyName ?? '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{item.date ? formatDate(item.date, locale) : '—'}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {item.totalAmount === null ? '—' : formatMoney(item.totalAmount, item.currency ?? 'EUR')}
              </td>
            </tr>
          ))}
        </ListTable>
      </PagedListBody>
      {isRepeating ? (
        <AccountingExportDialog
          open
          onOpenChange={setIsRepeating}
          selection={{ kind: 'repeat', exportId: data.id }}
          subject={label(data)}
          exportAgain
        />
      ) : null}
    </section>
  );
}
