import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { notifyError } from '@/lib/notify';
import { usePagedItems } from '@/lib/use-paged-items';
import { useInvoiceList } from '../api/list-invoices';
import { useRestoreArchivedInvoice } from '../api/restore-archived-invoice';
import { ArchiveTable } from './archive-table';
import { InvoiceListBody } from './invoice-list-body';
import { InvoiceToolbar } from './invoice-toolbar';
import { nextSort, toListRequest } from './list-query';
import { useListFilters } from './use-list-filters';

/** The invoices tab of the archive screen (app/routes/archive-route.tsx). */
export function ArchivedInvoices() {
  const { t } = useTranslation('invoices');
  const { filters, updateFilters } = useListFilters();
  const request = useMemo(() => toListRequest('archive', filters), [filters]);
  const list = useInvoiceList(request);
  const items = usePagedItems(list.data);
  const restore = useRestoreArchivedInvoice();

  const onRestore = (item: InvoiceListItem) =>
    restore.mutate(item.id, {
      onSuccess: () =>
        toast.success(t('archive.restored', { name: item.invoiceNumber ?? item.counterpartyName ?? item.fileName ?? '' })),
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
        />
      </InvoiceListBody>
    </>
  );
}
