import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateExportBody, DownloadJob, ExportCheck, ExportCheckBody, ExportItem } from '@kontor/domain/exports/export-api';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

export const EXPORT_HISTORY_PAGE_SIZE = 25;

/** POST /exports/check: what the export would hold and every problem the format has with it. */
export function checkExport(body: ExportCheckBody): Promise<ExportCheck> {
  return api.post<ExportCheck>('/exports/check', body);
}

/** POST /exports: starts the export as a download job (202); the downloads panel follows it. */
export function createExport(body: CreateExportBody): Promise<DownloadJob> {
  return api.post<DownloadJob>('/exports', body);
}

export function useCreateExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExport,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.accountingExports.all() }),
        // The claimed invoices leave "ready to export" (and become exported when the job ends).
        queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all() }),
      ]),
  });
}

/** The export screen's history: every export the caller may see, newest first. */
export function useExportHistory() {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: queryKeys.accountingExports.history(),
      queryFn: ({ pageParam, signal }) =>
        api.get<Page<DownloadJob>>('/exports', {
          query: { limit: EXPORT_HISTORY_PAGE_SIZE, cursor: pageParam ?? undefined },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
    // A running export moves on its own: the history follows it while one is processing.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((job) => job.status === 'processing')) ? 2_000 : false,
  });
}

export function useExportJob(id: string) {
  return useQuery({
    queryKey: queryKeys.accountingExports.job(id),
    queryFn: ({ signal }) => api.get<DownloadJob>(`/exports/${id}`, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 2_000 : false),
  });
}

export function useExportItems(id: string) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: queryKeys.accountingExports.items(id),
      queryFn: ({ pageParam, signal }) =>
        api.get<Page<ExportItem>>(`/exports/${id}/items`, {
          query: { limit: 100, cursor: pageParam ?? undefined },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    }),
  });
}
