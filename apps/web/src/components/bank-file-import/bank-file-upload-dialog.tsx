import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankFileImport } from '@kontor/domain/payments/bank-file-import-api';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Progress } from '@/components/ui/progress';
import { BANK_FILE_IMPORT_POLL_MS, isImportFinished, type BankFileImportQuery } from '@/lib/bank-file-import';
import { ApiError, isApiError } from '@/lib/api-error';
import { displayParams } from '@/lib/display-params';
import { currentLocale } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/notify';
import type { UploadProgress } from '@/lib/upload-with-progress';
import { BankFileDrop } from './bank-file-drop';
import { ImportResult } from './import-result';

export interface BankFileUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Sends the file and answers the queued import. */
  upload: (file: File, onProgress: (progress: UploadProgress) => void) => Promise<BankFileImport>;
  importQuery: BankFileImportQuery;
  /** What the created entries became, for the result's first badge ("3 created"). */
  createdText: (count: number) => string;
  /** Once per import, when it has ended (completed or failed): refresh lists, say so. */
  onFinished?: (entry: BankFileImport) => void;
  testId?: string;
}

type Step =
  | { kind: 'choose'; refusal: unknown }
  | { kind: 'uploading'; fileName: string; ratio: number }
  | { kind: 'importing'; id: string };

const CHOOSE: Step = { kind: 'choose', refusal: null };

/** Why the server refused the file, its parameters as a reader expects them (an IBAN in groups of four). */
function refusalText(error: unknown): string {
  if (!isApiError(error) || !error.params) return getErrorMessage(error);
  const { status, code, message } = error;
  return getErrorMessage(new ApiError({ status, code, message, params: displayParams(error.params, currentLocale()) }));
}

/** The import's own progress while the server reads the file, then its result. */
function ImportProgress({
  id,
  importQuery,
  createdText,
  onFinished,
}: Pick<BankFileUploadDialogProps, 'importQuery' | 'createdText' | 'onFinished'> & { id: string }) {
  const { t } = useTranslation('transactions');
  const status = useQuery({
    queryKey: importQuery.queryKey(id),
    queryFn: ({ signal }) => importQuery.fetch(id, signal),
    refetchInterval: (query) => (isImportFinished(query.state.data) ? false : BANK_FILE_IMPORT_POLL_MS),
  });
  const entry = status.data;
  const isFinished = isImportFinished(entry);
  const announced = useRef(false);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });

  useEffect(() => {
    if (!entry || !isFinished || announced.current) return;
    announced.current = true;
    finished.current?.(entry);
  }, [entry, isFinished]);

  if (status.isError && !entry) {
    return (
      <ErrorState
        title={t('import.statusFailed')}
        error={status.error}
        onRetry={() => void status.refetch()}
        isRetrying={status.isFetching}
      />
    );
  }
  if (!entry || !isFinished) {
    const percent = Math.round((entry?.progress ?? 0) * 100);
    const label = entry?.status === 'running' ? t('import.running', { percent }) : t('import.queued');
    return (
      <div className="grid gap-2" data-testid="bank-file-import-progress">
        <p className="text-sm" aria-live="polite">
          {label}
        </p>
        <Progress value={percent} max={100} label={label} kind="completion" />
      </div>
    );
  }
  return <ImportResult entry={entry} createdText={createdText(entry.createdCount)} />;
}

/**
 * Choose a bank file, upload it, follow the server reading it, show the result: the one flow of
 * every bank-file upload (payments, trusted history, bank statements), each with its endpoint.
 * A refused upload (not a bank file, an unknown account) is said in the dialog, where the reader
 * is looking, and the next file can be chosen at once.
 */
export function BankFileUploadDialog({
  open,
  onOpenChange,
  title,
  description,
  upload,
  importQuery,
  createdText,
  onFinished,
  testId = 'bank-file-import-dialog',
}: BankFileUploadDialogProps) {
  const { t } = useTranslation(['transactions', 'errors']);
  const [step, setStep] = useState<Step>(CHOOSE);

  const send = async (file: File) => {
    setStep({ kind: 'uploading', fileName: file.name, ratio: 0 });
    try {
      const created = await upload(file, (progress) =>
        setStep({ kind: 'uploading', fileName: file.name, ratio: progress.ratio }),
      );
      setStep({ kind: 'importing', id: created.id });
    } catch (error) {
      setStep({ kind: 'choose', refusal: error });
    }
  };

  const changeOpen = (isOpen: boolean) => {
    // An upload in flight keeps the dialog; the import itself runs on the server either way.
    if (!isOpen && step.kind === 'uploading') return;
    onOpenChange(isOpen);
    if (!isOpen) setStep(CHOOSE);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-2xl" data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {step.kind === 'choose' ? (
          <>
            <BankFileDrop onFile={(file) => void send(file)} />
            {step.refusal ? (
              <Alert tone="danger" data-testid="bank-file-upload-refused">
                <p className="font-medium">{t('import.uploadFailed')}</p>
                <p>{refusalText(step.refusal)}</p>
              </Alert>
            ) : null}
          </>
        ) : null}
        {step.kind === 'uploading' ? (
          <div className="grid gap-2">
            <p className="text-sm">{t('import.uploading', { fileName: step.fileName })}</p>
            <Progress
              value={Math.round(step.ratio * 100)}
              max={100}
              kind="completion"
              label={t('import.uploading', { fileName: step.fileName })}
            />
          </div>
        ) : null}
        {step.kind === 'importing' ? (
          <>
            <ImportProgress
              key={step.id}
              id={step.id}
              importQuery={importQuery}
              createdText={createdText}
              onFinished={onFinished}
            />
            <DialogFooter>
              <Button variant="outline" onClick={() => setStep(CHOOSE)}>
                {t('import.another')}
              </Button>
              <Button onClick={() => changeOpen(false)}>{t('import.done')}</Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
