import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { isOcrRunning } from '@kontor/domain/invoices/invoice-status';

/** How often the overview asks again while a shown invoice is being read: fast enough to look live. */
export const READING_POLL_INTERVAL_MS = 2_000;

type ReadingRow = Pick<InvoiceListItem, 'ocrStatus'>;

/** Poll only while a loaded row is queued or being read; once all are done the list stops asking. */
export function shouldPollReading(items: readonly ReadingRow[]): boolean {
  return items.some((item) => isOcrRunning(item.ocrStatus));
}

/** The refetch interval for a list's pages: the poll interval while a row is read, otherwise none. */
export function readingRefetchInterval(pages: readonly { items: readonly ReadingRow[] }[] | undefined): number | false {
  if (!pages) return false;
  return pages.some((page) => shouldPollReading(page.items)) ? READING_POLL_INTERVAL_MS : false;
}

/** A progress value fit for a bar: whole percent in 0..100, or null when the reader has not said. */
export function clampProgress(progress: number | null | undefined): number | null {
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return null;
  return Math.min(100, Math.max(0, Math.round(progress)));
}
