import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { currentLocale } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/notify';
import { cn } from '@/lib/cn';
import { formatFileSize } from './upload-checks';
import type { UploadEntry } from './use-upload-queue';

function StatusIcon({ status }: { status: UploadEntry['status'] }) {
  switch (status) {
    case 'queued':
      return <Clock aria-hidden="true" className="size-4 text-muted-foreground" />;
    case 'uploading':
      return <Spinner size="sm" />;
    case 'done':
      return <CircleCheck aria-hidden="true" className="size-4 text-success" />;
    case 'failed':
      return <CircleX aria-hidden="true" className="size-4 text-danger" />;
  }
}

/** One file of the upload: name, size, its own progress bar, and the server's answer for it. */
export function UploadFileRow({ entry }: { entry: UploadEntry }) {
  const { t } = useTranslation('invoices');
  const percent = Math.round(entry.progress * 100);
  const showsBar = entry.status === 'uploading' || entry.status === 'done';
  return (
    <li className="grid gap-1.5 py-2" data-testid="upload-file" data-status={entry.status}>
      <div className="flex items-center gap-2 text-sm">
        <StatusIcon status={entry.status} />
        <span className="min-w-0 flex-1 truncate font-medium text-foreground" title={entry.file.name}>
          {entry.file.name}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(entry.file.size, currentLocale())}</span>
        <span className="w-24 shrink-0 text-right text-xs text-muted-foreground">{t(`upload.status.${entry.status}`)}</span>
      </div>
      {showsBar ? (
        <div
          role="progressbar"
          aria-label={t('upload.progressLabel', { fileName: entry.file.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full transition-[width]', entry.status === 'done' ? 'bg-success' : 'bg-primary')}
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
      {entry.status === 'failed' ? <p className="text-xs text-danger">{getErrorMessage(entry.error)}</p> : null}
    </li>
  );
}
