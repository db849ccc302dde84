import { useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban } from '@kontor/domain/iban';
import type { BankFileImport } from '@kontor/domain/payments/bank-file-import-api';
import { BankFileUploadDialog } from '@/components/bank-file-import/bank-file-upload-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';
import { notifySuccess } from '@/lib/notify';
import { bankTransactionKeys, isBankDataQuery } from '../api/bank-transaction-keys';
import { bankStatementUploadQuery, uploadBankStatement } from '../api/upload-bank-statement';

interface StatementUploadButtonProps {
  /** The account the button stands at; the file's IBAN decides the account all the same. */
  account?: { name: string; iban: string };
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

/** "Upload statement (camt.053)": choose, upload, follow the import, see what was taken and skipped. */
export function StatementUploadButton({ account, variant = 'outline', size = 'md' }: StatementUploadButtonProps) {
  // The upload dialog's texts live in the transactions namespace (the first bank-file upload's).
  const { t } = useTranslation(['bank-transactions', 'transactions']);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  const onFinished = (entry: BankFileImport) => {
    void queryClient.invalidateQueries({
      queryKey: bankTransactionKeys.all(),
      predicate: (query) => isBankDataQuery(query.queryKey),
    });
    if (entry.status === 'completed')
      notifySuccess(t('upload.finished', { fileName: entry.fileName, created: entry.createdCount, skipped: entry.skippedCount }));
  };

  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)} data-testid="upload-statement">
        <FileUp aria-hidden="true" />
        {/* At an account the card is narrow: the short text, the format and account for screen readers. */}
        {account ? (
          <>
            {t('accounts.uploadShort')}
            <span className="sr-only"> {t('accounts.uploadFor', { name: account.name })}</span>
          </>
        ) : (
          t('accounts.upload')
        )}
      </Button>
      <BankFileUploadDialog
        open={open}
        onOpenChange={setOpen}
        title={t('upload.title')}
        description={
          <>
            {t('upload.description')}
            {account ? <> {t('upload.descriptionFor', { name: account.name, iban: formatIban(account.iban) })}</> : null}
          </>
        }
        upload={uploadBankStatement}
        importQuery={bankStatementUploadQuery}
        createdText={(count) => t('upload.created', { count })}
        onFinished={onFinished}
        testId="statement-upload-dialog"
      />
    </>
  );
}
