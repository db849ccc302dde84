import { FileUp, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import type { useInvoiceList } from '../api/list-invoices';
import { LoadMoreSentinel } from '@/components/load-more-sentinel';
import { TableSkeleton } from '@/components/table-skeleton';

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
  if (list.isPending) return <TableSkeleton columns={skeletonColumns} />;
  if (list.isError && items.length === 0) {
    return (
      <ErrorState
        title={t('list.loadFailed')}
        error={list.error}
        onRetry={() => void list.refetch()}
        isRetrying={list.isFetching}
      />
    );
  }
  if (items.length === 0) {
    if (hasFilters)
      return <EmptyState icon={SearchX} title={t('list.noMatchesTitle')} description={t('list.noMatchesDescription')} />;
    return (
      <EmptyState
        icon={FileUp}
        title={emptyTitle}
        description={emptyDescription}
        action={onUpload ? <Button onClick={onUpload}>{t('upload.open')}</Button> : undefined}
      />
    );
  }
  return (
    <div
      className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
      aria-busy={list.isFetching || undefined}
    >
      {children}
      <LoadMoreSentinel
        isEnabled={Boolean(list.hasNextPage) && !list.isFetchingNextPage && !list.isFetchNextPageError}
        onVisible={() => void list.fetchNextPage()}
      />
      <div className="mt-3 flex flex-col items-center gap-2">
        {list.isFetchNextPageError ? <p className="text-sm text-danger">{t('list.loadMoreFailed')}</p> : null}
        {list.hasNextPage ? (
          <Button variant="outline" onClick={() => void list.fetchNextPage()} isLoading={list.isFetchingNextPage}>
            {t('list.loadMore')}
          </Button>
        ) : (
          <p className="text-xs text-muted-foreground">{t('list.shown', { count: items.length })}</p>
        )}
      </div>
    </div>
  );
}
