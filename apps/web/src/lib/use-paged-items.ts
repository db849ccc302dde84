import type { InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';

/** The items of every keyset page loaded so far, in order; stable while the pages do not change. */
export function usePagedItems<Item>(data: InfiniteData<{ items: Item[] }> | undefined): Item[] {
  return useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
}
