import { useTranslation } from 'react-i18next';
import type { OcrStatus } from '@kontor/domain/invoices/invoice-status';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { clampProgress } from './reading-status';

/**
 * "Queued" or "Reading … 40 %" with a small bar: the scan status of an invoice whose document
 * is still being read. Without a known percentage the bar is left out and a spinner shows work.
 */
export function ReadingProgress({
  ocrStatus,
  progress,
  className,
  namespace = 'invoices',
}: {
  ocrStatus: Extract<OcrStatus, 'pending' | 'processing'>;
  progress: number | null | undefined;
  className?: string;
  /** Both the overview's and the detail's namespace hold `reading.queued`, `reading.reading` …; use the screen's own. */
  namespace?: 'invoices' | 'invoice-detail';
}) {
  const { t } = useTranslation(namespace);
  const percent = ocrStatus === 'processing' ? clampProgress(progress) : null;
  const label =
    ocrStatus === 'pending'
      ? t('reading.queued')
      : percent === null
        ? t('reading.reading')
        : t('reading.readingPercent', { percent });
  return (
    <div className={cn('grid gap-1', className)} data-testid="reading-progress" data-ocr-status={ocrStatus}>
      <span className="inline-flex items-center gap-1.5 text-xs font-medium text-warning">
        <Spinner size="sm" />
        {label}
      </span>
      {percent !== null ? (
        <div
          role="progressbar"
          aria-label={t('reading.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 w-28 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
    </div>
  );
}
