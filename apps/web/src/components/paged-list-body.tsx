import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadMoreSentinel } from './load-more-sentinel';
import { TableSkeleton } from './table-skeleton';
import { Button } from './ui/button';
import { ErrorState } from './ui/error-state';

export interface PagedListTexts {
  loadFailed: string;
  loadMoreFailed: string;
  loadMore: string;
  /** "{count} shown", once every page is loaded. */
  shown: string;
}

/** The keys a list's texts have under one prefix of its namespace; "shown" takes the count. */
export type PagedListTextKey = keyof PagedListTexts;

/**
 * The texts from a translation bound to the list's prefix, e.g.
 * `pagedListTexts(useTranslation('payment-runs', { keyPrefix: 'list' }).t, items.length)`.
 */
export function pagedListTexts(
  translate: (key: PagedListTextKey, options?: { count: number }) => string,
  count: number,
): PagedListTexts {
  return {
    loadFailed: translate('loadFailed'),
    loadMoreFailed: translate('loadMoreFailed'),
    loadMore: translate('loadMore'),
    shown: translate('shown', { count }),
  };
}

export interface PagedListBodyProps {
  list: UseInfiniteQueryResult<InfiniteData<unknown>>;
  /** The items of the pages loaded so far. */
  itemCount: number;
  skeletonColumns: number;
  /** What to show when there is nothing (no matches, or nothing yet). */
  empty: ReactNode;
  texts: PagedListTexts;
  /** The table of the items loaded so far. */
  children: ReactNode;
}

/** Loading, error, empty or the table plus "load more" for a list read in keyset pages. */
export function PagedListBody({ list, itemCount, skeletonColumns, empty, texts, children }: PagedListBodyProps) {
  if (list.isPending) return <TableSkeleton columns={skeletonColumns} />;
  if (list.isError && itemCount === 0) {
    return (
      <ErrorState title={texts.loadFailed} error={list.error} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
    );
  }
  if (itemCount === 0) return empty;
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
        {list.isFetchNextPageError ? <p className="text-sm text-danger">{texts.loadMoreFailed}</p> : null}
        {list.hasNextPage ? (
          <Button variant="outline" onClick={() => void list.fetchNextPage()} isLoading={list.isFetchingNextPage}>
            {texts.loadMore}
          </Button>
        ) : (
          <p className="text-xs text-muted-foreground">{texts.shown}</p>
        )}
      </div>
    </div>
  );
}
