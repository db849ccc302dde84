import { FileSpreadsheet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SingleFileDrop } from '@/components/single-file-drop';
import { checkImportFile, IMPORT_MAX_MB } from './import-model';

const ACCEPT = '.csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ImportFileDropProps {
  onFile: (file: File) => void;
  disabled?: boolean;
}

/** A CSV or XLSX file of counterparties, checked for type and size before upload. */
export function ImportFileDrop({ onFile, disabled }: ImportFileDropProps) {
  const { t } = useTranslation('counterparty-import');
  return (
    <SingleFileDrop
      onFile={onFile}
      check={(file) => {
        const problem = checkImportFile(file);
        return problem ? t(`upload.${problem}`, { fileName: file.name, maxMb: IMPORT_MAX_MB }) : null;
      }}
      accept={ACCEPT}
      icon={FileSpreadsheet}
      texts={{
        drop: t('upload.drop'),
        label: t('upload.label'),
        choose: t('upload.choose'),
        hint: t('upload.hint', { maxMb: IMPORT_MAX_MB }),
      }}
      testId="import-drop-zone"
      disabled={disabled}
    />
  );
}
