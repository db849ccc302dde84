import { useQueryClient } from '@tanstack/react-query';
import { FileUp, History } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankFileImportKind } from '@kontor/domain/payments/bank-file-import-api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Progress } from '@/components/ui/progress';
import { notifyError, notifySuccess } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { isImportFinished, uploadBankFile, useBankFileImport } from '../../api/bank-file-imports-api';
import { BankFileDrop } from './bank-file-drop';
import { ImportResult } from './import-result';

type Step = { kind: 'choose' } | { kind: 'uploading'; fileName: string; ratio: number } | { kind: 'importing'; id: string };

/** The import's own progress while the server reads the file, then its result. */
function ImportProgress({ id, kind }: { id: string; kind: BankFileImportKind }) {
  const { t } = useTranslation('transactions');
  const queryClient = useQueryClient();
  const status = useBankFileImport(id);
  const entry = status.data;
  const isFinished = isImportFinished(entry);
  const announced = useRef(false);

  // Once finished: one toast, and the lists refresh so the new payments show.
  useEffect(() => {
    if (!entry || !isFinished || announced.current) return;
    announced.current = true;
    void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all() });
    if (entry.status === 'completed')
      notifySuccess(t('import.finished', { fileName: entry.fileName, created: entry.createdCount, skipped: entry.skippedCount }));
  }, [entry, isFinished, queryClient, t]);

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
        <p className="text-sm">{label}</p>
        <Progress value={percent} max={100} label={label} kind="completion" />
      </div>
    );
  }
  return <ImportResult entry={entry} kind={kind} />;
}

/** "Import payments (pain.001)" or "Import trusted history (camt.053 / pain.001)": choose, upload, follow, result. */
export function BankFileImportButton({ kind }: { kind: BankFileImportKind }) {
  const { t } = useTranslation('transactions');
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const isHistory = kind === 'trusted_history';
  const title = isHistory ? t('import.historyTitle') : t('import.transactionsTitle');

  const upload = async (file: File) => {
    setStep({ kind: 'uploading', fileName: file.name, ratio: 0 });
    try {
      const created = await uploadBankFile(kind, file, (progress) =>
        setStep({ kind: 'uploading', fileName: file.name, ratio: progress.ratio }),
      );
      setStep({ kind: 'importing', id: created.id });
    } catch (error) {
      setStep({ kind: 'choose' });
      notifyError(error, t('import.uploadFailed'));
    }
  };

  const onOpenChange = (isOpen: boolean) => {
    // An upload in flight keeps the dialog; the import itself runs on the server either way.
    if (!isOpen && step.kind === 'uploading') return;
    setOpen(isOpen);
    if (!isOpen) setStep({ kind: 'choose' });
  };

  const Icon = isHistory ? History : FileUp;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid={`import-${kind}`}>
        <Icon aria-hidden="true" />
        {isHistory ? t('actions.importHistory') : t('actions.importPayments')}
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-2xl" data-testid="bank-file-import-dialog">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              {isHistory ? t('import.historyDescription') : t('import.transactionsDescription')}
            </DialogDescription>
          </DialogHeader>
          {step.kind === 'choose' ? <BankFileDrop onFile={(file) => void upload(file)} /> : null}
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
          {step.kind === 'importing' ? <ImportProgress id={step.id} kind={kind} /> : null}
          {step.kind === 'importing' ? (
            <DialogFooter>
              <Button variant="outline" onClick={() => setStep({ kind: 'choose' })}>
                {t('import.another')}
              </Button>
              <Button onClick={() => onOpenChange(false)}>{t('import.done')}</Button>
            </DialogFooter>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
