import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import type { DownloadJob } from '@kontor/domain/exports/export-api';
import { api } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';

/**
 * The downloads panel's data (SPEC §2 §3): the signed-in user's newest download jobs. Lives in
 * lib so that whatever starts an export (the export dialog) can refresh and open the panel
 * without importing the panel's feature.
 */
export const downloadJobsQueryKey = queryKeys.downloadJobs();

/** Short enough that a small export's bar visibly moves, long enough to stay one request a tick. */
export const DOWNLOAD_JOBS_POLL_MS = 1_500;

interface DownloadJobList {
  items: DownloadJob[];
}

export function hasProcessingJob(data: DownloadJobList | undefined): boolean {
  return data?.items.some((job) => job.status === 'processing') ?? false;
}

/** Polls only while something runs: a finished list does not change on its own. */
export function downloadJobsRefetchInterval(data: DownloadJobList | undefined): number | false {
  return hasProcessingJob(data) ? DOWNLOAD_JOBS_POLL_MS : false;
}

/** The jobs that were processing in the previous answer and have finished in this one. */
export function findFinishedJobs(previous: DownloadJobList | undefined, next: DownloadJobList): DownloadJob[] {
  if (!previous) return [];
  const watched = new Set(previous.items.filter((job) => job.status === 'processing').map((job) => job.id));
  return next.items.filter((job) => watched.has(job.id) && job.status !== 'processing');
}

/** The failure's text from the errors catalogue, as other API errors read. */
export function describeFailure(job: Pick<DownloadJob, 'failureCode'>): string {
  const key = `errors:${job.failureCode ?? 'internal'}`;
  return i18n.exists(key) ? i18n.t(key as 'errors:internal') : i18n.t('errors:internal');
}

async function announceFinishedJobs(jobs: DownloadJob[]): Promise<void> {
  // The namespaces may not be loaded yet when the panel was never opened.
  await i18n.loadNamespaces(['downloads', 'errors']);
  for (const job of jobs) {
    if (job.status === 'completed') toast.success(i18n.t('downloads:toast.ready'));
    else toast.error(i18n.t('downloads:toast.failed', { reason: describeFailure(job) }));
  }
}

/**
 * Compares with the cached answer here rather than in a component: the navigation is mounted
 * twice on small screens (sidebar and drawer), and one fetch should give one toast.
 */
async function fetchDownloadJobs(client: QueryClient, signal: AbortSignal): Promise<DownloadJobList> {
  const previous = client.getQueryData<DownloadJobList>(downloadJobsQueryKey);
  const next = await api.get<DownloadJobList>('/download-jobs', { signal });
  const finished = findFinishedJobs(previous, next);
  if (finished.length > 0) {
    void announceFinishedJobs(finished);
    // A finished export marks its invoices exported and completes the export screen's history.
    void client.invalidateQueries({ queryKey: queryKeys.accountingExports.all() });
    void client.invalidateQueries({ queryKey: queryKeys.invoices.all() });
  }
  return next;
}

/**
 * Puts a job that just started at the top of the panel's list before the next fetch: the list
 * polls while it runs, and a job that finishes before that fetch is still announced.
 */
export function addStartedJob(client: QueryClient, job: DownloadJob): void {
  client.setQueryData<DownloadJobList>(downloadJobsQueryKey, (current) => ({
    items: [job, ...(current?.items ?? []).filter((item) => item.id !== job.id)],
  }));
  void client.invalidateQueries({ queryKey: downloadJobsQueryKey });
}

export function useDownloadJobs() {
  return useQuery({
    queryKey: downloadJobsQueryKey,
    queryFn: ({ client, signal }) => fetchDownloadJobs(client, signal),
    refetchInterval: (query) => downloadJobsRefetchInterval(query.state.data),
  });
}

/** Hands a signed link to the browser's downloads: the file comes from storage directly, however large. */
function saveFromUrl(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Asks for a fresh signed link each time (links expire, the job stays) and downloads it. */
export function useDownloadJobFile() {
  return useMutation({
    mutationFn: async (job: Pick<DownloadJob, 'id' | 'fileName'>) => {
      const link = await api.get<{ url: string; expiresAt: string }>(`/download-jobs/${job.id}/link`);
      saveFromUrl(link.url, job.fileName ?? '');
      return link;
    },
  });
}

/** Mails the signed link to the caller's own address (never the file itself). */
export function useEmailDownloadLink() {
  return useMutation({
    mutationFn: (jobId: string) => api.post<{ sentTo: string }>(`/download-jobs/${jobId}/email`),
  });
}

/*
 * Whether the panel is open: module state, because the export dialog opens it from anywhere and
 * the panel is one per page (no context provider to thread through the shell).
 */
let isPanelOpen = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setDownloadsPanelOpen(open: boolean): void {
  if (open === isPanelOpen) return;
  isPanelOpen = open;
  for (const listener of listeners) listener();
}

export function openDownloadsPanel(): void {
  setDownloadsPanelOpen(true);
}

export function useIsDownloadsPanelOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isPanelOpen,
    () => false,
  );
}
