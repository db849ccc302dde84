import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { DEFAULT_INVOICE_TAB } from '@kontor/domain/screens';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { TableSkeleton } from '@/components/table-skeleton';
import { notifyError } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { usePagedItems } from '@/lib/use-paged-items';
import { useInvoiceList } from '../api/list-invoices';
import { useRestoreArchivedInvoice } from '../api/restore-archived-invoice';
import { ArchiveTable } from './archive-table';
import { InvoiceListBody } from './invoice-list-body';
import { InvoiceToolbar } from './invoice-toolbar';
import { nextSort, toListRequest } from './list-query';
import { useListFilters } from './use-list-filters';

// The detail (document viewer, form) loads only when an archived invoice is opened.
const InvoiceDetail = lazy(() =>
  import('../detail/components/invoice-detail').then((module) => ({ default: module.InvoiceDetail })),
);

/**
 * The invoices tab of the archive screen (app/routes/archive-route.tsx): the list, or with an id
 * in the address that invoice, as the overview opens it (read-only for cancelled and archived ones).
 */
export function ArchivedInvoices() {
  const { id } = useParams();
  return id ? <ArchivedInvoiceDetail id={id} /> : <ArchivedInvoiceList />;
}

function ArchivedInvoiceDetail({ id }: { id: string }) {
  const { slug } = useSession().organization;
  // A duplicate and the restored invoice itself belong to the overview, no longer to the archive.
  const overviewPath = (invoiceId: string) => `/${slug}/invoices/${DEFAULT_INVOICE_TAB}/${invoiceId}`;
  return (
    <Suspense fallback={<TableSkeleton columns={7} />}>
      <InvoiceDetail
        id={id}
        slug={slug}
        listPath={`/${slug}/archive/invoices`}
        invoicePath={overviewPath}
        restoredPath={overviewPath(id)}
      />
    </Suspense>
  );
}

function ArchivedInvoiceList() {
  const { t } = useTranslation('invoices');
  const { slug } = useSession().organization;
  const navigate = useNavigate();
  const location = useLocation();
  const { filters, updateFilters } = useListFilters();
  const request = useMemo(() => toListRequest('archive', filters), [filters]);
  const list = useInvoiceList(request);
  const items = usePagedItems(list.data);
  const restore = useRestoreArchivedInvoice();

  const onRestore = (item: InvoiceListItem) =>
    restore.mutate(item.id, {
      // An exported (or imported) invoice returns to what it was, not to New: the toast says where.
      onSuccess: (invoice) => {
        const name = item.invoiceNumber ?? item.counterpartyName ?? item.fileName ?? '';
        toast.success(
          invoice.status === 'new'
            ? t('archive.restored', { name })
            : t('archive.restoredAs', { name, status: t(`status.${invoice.status}`) }),
        );
      },
      onError: (error) => notifyError(error, t('archive.restoreFailed')),
    });

  return (
    <>
      <InvoiceToolbar search={filters.search} onSearch={(search) => updateFilters({ search })} exportRequest={request} />
      <InvoiceListBody
        list={list}
        items={items}
        hasFilters={filters.search !== ''}
        skeletonColumns={7}
        emptyTitle={t('archive.emptyTitle')}
        emptyDescription={t('archive.emptyDescription')}
      >
        <ArchiveTable
          items={items}
          sort={filters.sort}
          direction={filters.direction}
          onSort={(field) => updateFilters(nextSort(filters, field))}
          restoringId={restore.isPending ? (restore.variables ?? null) : null}
          onRestore={onRestore}
          // The archive route's own address for one invoice; "back" returns to the list as it was.
          onOpen={(id) =>
            void navigate(`/${slug}/archive/invoices/${id}`, { state: { from: `${location.pathname}${location.search}` } })
          }
          onOpenBlocked={() => toast.info(t('reading.cannotOpen'), { id: 'invoice-in-ocr' })}
        />
      </InvoiceListBody>
    </>
  );
}
