import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CounterpartyImportSummary, CounterpartyImportUpload } from '@kontor/domain/counterparties/counterparty-import';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/loading-state';
import { Progress } from '@/components/ui/progress';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { toMappingPayload } from '@/lib/csv-header';
import { importQueryKeys, startImport, uploadImportFile, useImportStatus } from './import-api';
import { ImportFileDrop } from './import-file-drop';
import { ImportMappingStep } from './import-mapping-step';
import { initialMapping, isImportFinished, mappingProblems, type ImportMapping } from './import-model';
import { ImportRecentList } from './import-recent-list';
import { ImportProgress, ImportResult } from './import-result-step';

interface CounterpartyImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface Uploading {
  fileName: string;
  ratio: number;
}

/** The import on screen; `isFollowed` when the user watches it run (started here, or opened while running). */
interface OpenedImport {
  id: string;
  isFollowed: boolean;
}

/**
 * Import counterparties (issue 6 item 8): upload (checked here and on the server), map the
 * columns over a preview, start, follow the job's progress, read and download the result. The
 * first step lists recent imports, so closing the dialog or reloading the page loses none.
 */
export function CounterpartyImportDialog({ open, onOpenChange }: CounterpartyImportDialogProps) {
  const { t } = useTranslation('counterparty-import');
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [upload, setUpload] = useState<CounterpartyImportUpload | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const [opened, setOpened] = useState<OpenedImport | null>(null);
  const importId = opened?.id ?? null;
  const status = useImportStatus(importId);
  const finished = status.data && isImportFinished(status.data) ? status.data : null;

  // Told once per followed import, when the job is seen finishing (an import opened from the list
  // after it finished is old news); the counterparty list then shows the new rows, the recent
  // imports the final counts.
  const announced = useRef<string | null>(null);
  const isFollowed = opened?.isFollowed ?? false;
  useEffect(() => {
    if (!finished || !isFollowed || announced.current === finished.id) return;
    announced.current = finished.id;
    void queryClient.invalidateQueries({ queryKey: queryKeys.counterparties.lists() });
    void queryClient.invalidateQueries({ queryKey: importQueryKeys.recent() });
    if (finished.status === 'failed') toast.error(t('toast.failed'));
    else if (finished.skippedCount > 0) toast.warning(t('toast.incomplete'));
    else notifySuccess(t('toast.done', { count: finished.createdCount }));
  }, [finished, isFollowed, queryClient, t]);

  const reset = () => {
    setUploading(null);
    setUploadError(null);
    setUpload(null);
    setMapping(null);
    setStartError(null);
    setOpened(null);
  };
  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onFile = async (file: File) => {
    reset();
    setUploading({ fileName: file.name, ratio: 0 });
    try {
      const answer = await uploadImportFile(file, (progress) => setUploading({ fileName: file.name, ratio: progress.ratio }));
      setUpload(answer);
      setMapping(initialMapping(answer));
    } catch (error) {
      setUploadError(error);
    } finally {
      setUploading(null);
    }
  };

  const problems = mapping ? mappingProblems(mapping) : null;
  const canStart = upload !== null && problems !== null && problems.missing.length === 0 && problems.duplicates.length === 0;
  const onStart = async () => {
    if (!upload || !mapping || !canStart) return;
    setIsStarting(true);
    setStartError(null);
    try {
      const started = await startImport(upload.id, toMappingPayload(mapping));
      setOpened({ id: started.id, isFollowed: true });
      // Listed from now on: closing the dialog at once still finds it.
      void queryClient.invalidateQueries({ queryKey: importQueryKeys.recent() });
    } catch (error) {
      setStartError(error);
      notifyError(error);
    } finally {
      setIsStarting(false);
    }
  };

  const openRecent = (item: CounterpartyImportSummary) => {
    reset();
    setOpened({ id: item.id, isFollowed: !isImportFinished(item) });
  };

  const body = () => {
    if (importId) {
      if (status.isError && !status.data) {
        return (
          <Alert tone="danger">
            <p>{t('result.loadFailed')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void status.refetch()}>
              {t('result.retry')}
            </Button>
          </Alert>
        );
      }
      if (finished) return <ImportResult status={finished} />;
      if (status.data) return <ImportProgress status={status.data} />;
      // Just started: the progress bar at its start; opened from the list: its result is on the way.
      return opened?.isFollowed ? (
        <Progress value={0} max={1} label={t('progress.label')} kind="completion" />
      ) : (
        <LoadingState label={t('result.loading')} className="py-8" />
      );
    }
    if (upload && mapping) {
      return (
        <>
          <ImportMappingStep upload={upload} mapping={mapping} onChange={setMapping} />
          {startError ? <Alert tone="danger">{getErrorMessage(startError)}</Alert> : null}
        </>
      );
    }
    return (
      <>
        <ImportFileDrop onFile={(file) => void onFile(file)} disabled={uploading !== null} />
        {uploading ? (
          <div className="grid gap-1">
            <Progress
              value={uploading.ratio}
              max={1}
              label={t('upload.uploading', { fileName: uploading.fileName })}
              kind="completion"
            />
            <p className="text-sm text-muted-foreground">{t('upload.uploading', { fileName: uploading.fileName })}</p>
          </div>
        ) : null}
        {uploadError ? <Alert tone="danger">{getErrorMessage(uploadError)}</Alert> : null}
        <ImportRecentList onOpen={openRecent} disabled={uploading !== null} />
      </>
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-h-[90vh] max-w-4xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">{body()}</div>
        <DialogFooter>
          {importId ? (
            <>
              <Button variant="ghost" className="mr-auto" onClick={reset}>
                {t('actions.back')}
              </Button>
              <Button onClick={() => changeOpen(false)}>{t('actions.close')}</Button>
            </>
          ) : (
            <>
              {upload ? (
                <Button variant="ghost" className="mr-auto" onClick={reset}>
                  {t('mapping.otherFile')}
                </Button>
              ) : null}
              <Button variant="outline" onClick={() => changeOpen(false)}>
                {t('actions.cancel')}
              </Button>
              {upload ? (
                <Button onClick={() => void onStart()} disabled={!canStart} isLoading={isStarting}>
                  {t('mapping.start')}
                </Button>
              ) : null}
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
