import { FileCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SingleFileDrop } from '@/components/single-file-drop';
import { BANK_FILE_MAX_MB, checkBankFile } from '@/lib/bank-file-import';

/**
 * A pain.001 or camt.053 XML file, checked for type and size before upload. The bank-file texts
 * live in the transactions namespace, where the first upload began; every upload screen loads it.
 */
export function BankFileDrop({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation('transactions');
  return (
    <SingleFileDrop
      onFile={onFile}
      check={(file) => {
        const problem = checkBankFile(file);
        return problem ? t(`import.${problem}`, { fileName: file.name, maxMb: BANK_FILE_MAX_MB }) : null;
      }}
      accept=".xml,text/xml,application/xml"
      icon={FileCode}
      texts={{
        drop: t('import.drop'),
        label: t('import.fileLabel'),
        choose: t('import.choose'),
        hint: t('import.hint', { maxMb: BANK_FILE_MAX_MB }),
      }}
      testId="bank-file-drop-zone"
    />
  );
}
