import { FileUp, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { PagedListBody } from '@/components/paged-list-body';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { useInvoiceList } from '../api/list-invoices';

interface InvoiceListBodyProps {
  list: ReturnType<typeof useInvoiceList>;
  items: InvoiceListItem[];
  hasFilters: boolean;
  onUpload?: () => void;
  skeletonColumns: number;
  emptyTitle: string;
  emptyDescription: string;
  children: ReactNode;
}

/** Loading, error, empty or the table plus "load more": the states every invoice list shares. */
export function InvoiceListBody({
  list,
  items,
  hasFilters,
  onUpload,
  skeletonColumns,
  emptyTitle,
  emptyDescription,
  children,
}: InvoiceListBodyProps) {
  const { t } = useTranslation('invoices');
  return (
    <PagedListBody
      list={list}
      itemCount={items.length}
      skeletonColumns={skeletonColumns}
      empty={
        hasFilters ? (
          <EmptyState icon={SearchX} title={t('list.noMatchesTitle')} description={t('list.noMatchesDescription')} />
        ) : (
          <EmptyState
            icon={FileUp}
            title={emptyTitle}
            description={emptyDescription}
            action={onUpload ? <Button onClick={onUpload}>{t('upload.open')}</Button> : undefined}
          />
        )
      }
      texts={{
        loadFailed: t('list.loadFailed'),
        loadMoreFailed: t('list.loadMoreFailed'),
        loadMore: t('list.loadMore'),
        shown: t('list.shown', { count: items.length }),
      }}
    >
      {children}
    </PagedListBody>
  );
}
