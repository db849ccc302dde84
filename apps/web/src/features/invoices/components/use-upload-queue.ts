import { useCallback, useEffect, useRef, useState } from 'react';
import { INVOICE_UPLOAD_LIMITS } from '@kontor/domain/invoices/invoice-constants';
import { ApiError, hasErrorCode } from '@/lib/api-error';
import { uploadInvoice } from '../api/upload-invoice';
import { checkUploadFiles, type LocalRejection } from './upload-checks';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadEntry {
  key: string;
  file: File;
  status: UploadStatus;
  /** 0…1 of the request body. */
  progress: number;
  error: unknown;
  /** Refused before sending (type, size, count): retrying cannot help. */
  isLocalRejection: boolean;
}

export interface UploadSummary {
  uploaded: number;
  failed: number;
  /** The invoices the batch created, in the order their uploads finished. */
  invoiceIds: string[];
}

/** Parallel uploads: enough to keep the line busy, few enough that each bar moves visibly. */
const PARALLEL_UPLOADS = 3;
const LIMIT_CODE = 'subscription_limit_reached';

function localError(code: LocalRejection, file: File): ApiError {
  return new ApiError({
    status: 0,
    code,
    message: code,
    params: {
      fileName: file.name,
      max: INVOICE_UPLOAD_LIMITS.maxFiles,
      maxMb: INVOICE_UPLOAD_LIMITS.maxBytes / 1024 / 1024,
    },
  });
}

let keySequence = 0;
const nextKey = () => `upload-${(keySequence += 1)}`;

/**
 * The upload dialog's queue: one request per file, a few at a time, each with its own progress
 * and result. Lives in the overview (not the dialog) so closing the dialog loses nothing.
 * After the plan's limit answers 402, the files still waiting are not sent: they would fail too.
 */
export function useUploadQueue({ onBatchFinished }: { onBatchFinished: (summary: UploadSummary) => void }) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [isLimitReached, setIsLimitReached] = useState(false);
  const waiting = useRef<UploadEntry[]>([]);
  const active = useRef(0);
  const batch = useRef<UploadSummary>({ uploaded: 0, failed: 0, invoiceIds: [] });
  /** The plan-limit answer, once one came: files still waiting fail with it instead of being sent. */
  const limitError = useRef<unknown>(null);
  const onFinished = useRef(onBatchFinished);
  useEffect(() => {
    onFinished.current = onBatchFinished;
  });

  const patch = useCallback((key: string, change: Partial<UploadEntry>) => {
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);

  const finishIfIdle = useCallback(() => {
    if (active.current > 0 || waiting.current.length > 0) return;
    const summary = batch.current;
    batch.current = { uploaded: 0, failed: 0, invoiceIds: [] };
    if (summary.uploaded + summary.failed > 0) onFinished.current(summary);
  }, []);

  const pump = useCallback(() => {
    while (active.current < PARALLEL_UPLOADS && waiting.current.length > 0) {
      const entry = waiting.current.shift();
      if (!entry) break;
      if (limitError.current) {
        batch.current.failed += 1;
        patch(entry.key, { status: 'failed', error: limitError.current });
        continue;
      }
      active.current += 1;
      patch(entry.key, { status: 'uploading', progress: 0, error: null });
      uploadInvoice(entry.file, { onProgress: ({ ratio }) => patch(entry.key, { progress: ratio }) })
        .then(
          ({ items }) => {
            batch.current.uploaded += 1;
            batch.current.invoiceIds.push(...items.map((invoice) => invoice.id));
            patch(entry.key, { status: 'done', progress: 1 });
          },
          (error: unknown) => {
            batch.current.failed += 1;
            if (hasErrorCode(error, LIMIT_CODE)) {
              limitError.current = error;
              setIsLimitReached(true);
            }
            patch(entry.key, { status: 'failed', error });
          },
        )
        .finally(() => {
          active.current -= 1;
          pump();
          finishIfIdle();
        });
    }
    finishIfIdle();
  }, [patch, finishIfIdle]);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const queuedCount = entries.filter((entry) => entry.status === 'queued' || entry.status === 'uploading').length;
      const checked = checkUploadFiles(files, queuedCount);
      const added: UploadEntry[] = checked.map(({ file, rejection }) => ({
        key: nextKey(),
        file,
        status: rejection ? 'failed' : 'queued',
        progress: 0,
        error: rejection ? localError(rejection, file) : null,
        isLocalRejection: rejection !== null,
      }));
      setEntries((current) => [...current, ...added]);
      waiting.current.push(...added.filter((entry) => entry.status === 'queued'));
      pump();
    },
    [entries, pump],
  );

  const retryFailed = useCallback(() => {
    limitError.current = null;
    setIsLimitReached(false);
    const retried = entries.filter((entry) => entry.status === 'failed' && !entry.isLocalRejection);
    const keys = new Set(retried.map((entry) => entry.key));
    setEntries((current) =>
      current.map((entry) => (keys.has(entry.key) ? { ...entry, status: 'queued', progress: 0, error: null } : entry)),
    );
    waiting.current.push(...retried);
    pump();
  }, [entries, pump]);

  /** Forgets finished and refused files; uploads still running stay in the list. */
  const clearFinished = useCallback(() => {
    setEntries((current) => current.filter((entry) => entry.status === 'queued' || entry.status === 'uploading'));
    setIsLimitReached(false);
  }, []);

  const isBusy = entries.some((entry) => entry.status === 'queued' || entry.status === 'uploading');
  const retryableCount = entries.filter((entry) => entry.status === 'failed' && !entry.isLocalRejection).length;

  return { entries, addFiles, retryFailed, clearFinished, isBusy, retryableCount, isLimitReached };
}
