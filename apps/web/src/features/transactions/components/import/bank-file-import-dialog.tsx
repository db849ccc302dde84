import { useQueryClient } from '@tanstack/react-query';
import { FileUp, History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankFileImport, BankFileImportKind } from '@kontor/domain/payments/bank-file-import-api';
import { BankFileUploadDialog } from '@/components/bank-file-import/bank-file-upload-dialog';
import { Button } from '@/components/ui/button';
import { notifySuccess } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { bankFileImportQuery, uploadBankFile } from '../../api/bank-file-imports-api';

/** "Import payments (pain.001)" or "Import trusted history (camt.053 / pain.001)": choose, upload, follow, result. */
export function BankFileImportButton({ kind }: { kind: Extract<BankFileImportKind, 'transactions' | 'trusted_history'> }) {
  const { t } = useTranslation('transactions');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const isHistory = kind === 'trusted_history';

  // Once finished: the lists refresh so the new payments show, and a completed import says so.
  const onFinished = (entry: BankFileImport) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.transactions.all() });
    if (entry.status === 'completed')
      notifySuccess(t('import.finished', { fileName: entry.fileName, created: entry.createdCount, skipped: entry.skippedCount }));
  };

  const Icon = isHistory ? History : FileUp;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid={`import-${kind}`}>
        <Icon aria-hidden="true" />
        {isHistory ? t('actions.importHistory') : t('actions.importPayments')}
      </Button>
      <BankFileUploadDialog
        open={open}
        onOpenChange={setOpen}
        title={isHistory ? t('import.historyTitle') : t('import.transactionsTitle')}
        description={isHistory ? t('import.historyDescription') : t('import.transactionsDescription')}
        upload={(file, onProgress) => uploadBankFile(kind, file, onProgress)}
        importQuery={bankFileImportQuery}
        createdText={(count) => (isHistory ? t('import.createdHistory', { count }) : t('import.created', { count }))}
        onFinished={onFinished}
      />
    </>
  );
}
