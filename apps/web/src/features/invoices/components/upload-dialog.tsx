import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmailImports } from './email-imports';
import { ImportAddressHint } from './import-address';
import { UploadDropZone } from './upload-drop-zone';
import { UploadFileRow } from './upload-file-row';
import { UploadLimitPrompt } from './upload-limit-prompt';
import type { useUploadQueue } from './use-upload-queue';

interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  queue: ReturnType<typeof useUploadQueue>;
}

/** The invoice upload: drop zone, then every file with its progress and result. */
export function UploadDialog({ open, onOpenChange, queue }: UploadDialogProps) {
  const { t } = useTranslation('invoices');
  const doneCount = queue.entries.filter((entry) => entry.status === 'done').length;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('upload.title')}</DialogTitle>
          <DialogDescription>{t('upload.description')}</DialogDescription>
        </DialogHeader>
        <UploadDropZone onFiles={queue.addFiles} />
        <ImportAddressHint />
        <EmailImports />
        {queue.isLimitReached ? <UploadLimitPrompt /> : null}
        {queue.entries.length > 0 ? (
          <section aria-label={t('upload.filesLabel')}>
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {t('upload.progressSummary', { done: doneCount, total: queue.entries.length })}
            </p>
            <ul className="max-h-72 divide-y divide-border overflow-y-auto">
              {queue.entries.map((entry) => (
                <UploadFileRow key={entry.key} entry={entry} />
              ))}
            </ul>
          </section>
        ) : null}
        <DialogFooter>
          {queue.retryableCount > 0 && !queue.isBusy ? (
            <Button variant="outline" onClick={queue.retryFailed}>
              <RotateCcw aria-hidden="true" />
              {t('upload.retryFailed', { count: queue.retryableCount })}
            </Button>
          ) : null}
          {queue.entries.length > 0 && !queue.isBusy ? (
            <Button variant="ghost" onClick={queue.clearFinished}>
              {t('upload.clearList')}
            </Button>
          ) : null}
          <Button onClick={() => onOpenChange(false)}>
            {queue.isBusy ? t('upload.continueInBackground') : t('upload.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
