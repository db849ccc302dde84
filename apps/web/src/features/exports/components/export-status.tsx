import { useTranslation } from 'react-i18next';
import type { DownloadJob } from '@kontor/domain/exports/export-api';
import { Badge } from '@/components/ui/badge';
import { getErrorMessage } from '@/lib/notify';
import { ApiError } from '@/lib/api-error';

const TONE = { processing: 'info', completed: 'success', failed: 'danger' } as const;

/** The job's state (SPEC §4 download job): running with its progress, done, or failed with the reason. */
export function ExportStatus({ job }: { job: DownloadJob }) {
  const { t } = useTranslation('exports');
  const text =
    job.status === 'processing'
      ? t('status.processingCount', { done: job.doneCount, total: job.itemCount })
      : t(`status.${job.status}`);
  return (
    <span className="grid gap-0.5">
      <Badge tone={TONE[job.status]}>{text}</Badge>
      {job.status === 'failed' && job.failureCode ? (
        <span className="text-xs text-danger">
          {getErrorMessage(new ApiError({ status: 409, code: job.failureCode, message: '' }))}
        </span>
      ) : null}
    </span>
  );
}
