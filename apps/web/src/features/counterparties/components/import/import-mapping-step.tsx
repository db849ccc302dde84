import { useTranslation } from 'react-i18next';
import {
  COUNTERPARTY_IMPORT_COLUMNS,
  type CounterpartyImportColumn,
  type CounterpartyImportUpload,
} from '@kontor/domain/counterparties/counterparty-import';
import { Alert } from '@/components/ui/alert';
import { ColumnMappingFields } from '@/components/column-mapping-fields';
import { ImportPreviewTable } from './import-preview-table';
import { mappingProblems, selectableHeaders, type ImportMapping } from './import-model';

/** Every required column must come from the file: nothing else in the dialog answers one. */
const NOTHING_ELSE: ReadonlySet<CounterpartyImportColumn> = new Set();
interface ImportMappingStepProps {
  upload: CounterpartyImportUpload;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}

/** Step 2: which column of the file feeds which field (required ones marked), and the preview. */
export function ImportMappingStep({ upload, mapping, onChange }: ImportMappingStepProps) {
  const { t } = useTranslation('counterparty-import');
  const labelOf = (key: CounterpartyImportColumn) => t(`columns.${key}`);
  const headers = selectableHeaders(upload.headers);
  const { missing, duplicates } = mappingProblems(mapping);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {t('mapping.summary', { count: upload.totalRows, fileName: upload.fileName })}
      </p>
      <ColumnMappingFields
        columns={COUNTERPARTY_IMPORT_COLUMNS}
        headers={headers}
        mapping={mapping}
        onChange={onChange}
        labelOf={labelOf}
        satisfied={NOTHING_ELSE}
        texts={{ legend: t('mapping.legend'), notMapped: t('mapping.notMapped'), requiredMark: t('mapping.requiredMark') }}
      />
      {missing.length > 0 ? (
        <Alert tone="warning">{t('mapping.missing', { columns: missing.map(labelOf).join(', ') })}</Alert>
      ) : null}
      {duplicates.length > 0 ? <Alert tone="warning">{t('mapping.duplicates', { columns: duplicates.join(', ') })}</Alert> : null}
      <ImportPreviewTable headers={upload.headers} rows={upload.previewRows} />
    </div>
  );
}
