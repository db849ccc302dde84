import { Download, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DownloadJob } from '@kontor/domain/exports/export-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { describeFailure, useDownloadJobFile, useEmailDownloadLink } from '@/lib/exports/download-jobs';
import { formatDateTime, formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { describeJob, formatFileSize } from './download-job-text';

const STATUS_TONE = { processing: 'info', completed: 'success', failed: 'danger' } as const;

/** One download job: its progress while it runs, the file once completed, the reason once failed. */
export function DownloadJobItem({ job }: { job: DownloadJob }) {
  const { t } = useTranslation('downloads');
  const locale = currentLocale();
  const title = describeJob(job, t, locale);
  return (
    <li className="grid gap-2 px-3 py-3" data-testid="download-job" data-status={job.status}>
      <div className="flex items-start gap-2">
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="text-sm font-medium">{title}</p>
          <p className="text-xs text-muted-foreground">
            {t('job.startedAt', { date: formatDateTime(job.createdAt, locale) })}
            {job.exportAgain ? ` · ${t('job.exportAgain')}` : null}
          </p>
        </div>
        <Badge tone={STATUS_TONE[job.status]}>{t(`job.status.${job.status}`)}</Badge>
      </div>
      {job.status === 'processing' ? (
        <div className="grid gap-1">
          <Progress kind="completion" value={job.doneCount} max={job.itemCount} label={t('job.progressLabel', { title })} />
          <p className="text-xs tabular-nums text-muted-foreground">
            {t('job.progress', { done: formatNumber(job.doneCount, locale), total: formatNumber(job.itemCount, locale) })}
          </p>
        </div>
      ) : null}
      {job.status === 'completed' ? <CompletedJob job={job} /> : null}
      {job.status === 'failed' ? <FailureReason job={job} /> : null}
    </li>
  );
}

function FailureReason({ job }: { job: DownloadJob }) {
  // Asking for the catalogue waits for it: it loads after the first screen (lib/i18n).
  useTranslation('errors');
  return <p className="text-sm text-danger">{describeFailure(job)}</p>;
}

function CompletedJob({ job }: { job: DownloadJob }) {
  const { t } = useTranslation('downloads');
  const fileName = job.fileName ?? '';
  const download = useDownloadJobFile();
  const email = useEmailDownloadLink();
  return (
    <div className="grid gap-2">
      <p className="truncate text-xs text-muted-foreground" title={fileName}>
        {job.fileSize === null ? fileName : t('job.file', { fileName, size: formatFileSize(job.fileSize, currentLocale()) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          // The visible words first (spoken commands find the button), then which file.
          aria-label={t('job.downloadLabel', { fileName })}
          isLoading={download.isPending}
          onClick={() =>
            download.mutate(job, {
              onSuccess: () => notifySuccess(t('job.downloadStarted', { fileName })),
              onError: (error) => notifyError(error, t('job.downloadFailed')),
            })
          }
        >
          {download.isPending ? null : <Download aria-hidden="true" />}
          {t('job.download')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={t('job.emailLabel', { fileName })}
          isLoading={email.isPending}
          onClick={() =>
            email.mutate(job.id, {
              onSuccess: ({ sentTo }) => notifySuccess(t('job.emailSent', { sentTo })),
              onError: (error) => notifyError(error, t('job.emailFailed')),
            })
          }
        >
          {email.isPending ? null : <Mail aria-hidden="true" />}
          {t('job.email')}
        </Button>
      </div>
    </div>
  );
}
