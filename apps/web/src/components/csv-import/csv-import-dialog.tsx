import { FileSpreadsheet } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MASTER_DATA_IMPORT_MAX_BYTES } from '@kontor/domain/master-data-import';
import { SingleFileDrop } from '@/components/single-file-drop';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { checkChosenFile } from '@/lib/chosen-file';
import { getErrorMessage } from '@/lib/notify';
import type { ImportRequest } from '@/lib/master-data/master-data-api';
import { ColumnMappingFields } from '@/components/column-mapping-fields';
import {
  duplicateHeaders,
  guessMapping,
  missingRequiredColumns,
  readHeaderFromFile,
  toMappingPayload,
  type ColumnMapping,
  type ImportColumn,
} from '@/lib/csv-header';

const ACCEPTED_EXTENSIONS = ['csv', 'txt', 'tsv'];
const MAX_MB = MASTER_DATA_IMPORT_MAX_BYTES / 1024 / 1024;

interface CsvImportDialogProps<K extends string, R> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** Below the drop zone: separators, size and what happens to rows that exist already. */
  fileHint: string;
  columns: readonly ImportColumn<K>[];
  labelOf: (key: K) => string;
  onImport: (request: ImportRequest) => Promise<R>;
  /** What the import did (created, skipped with reasons), shown in place of the form. */
  renderResult: (result: R) => ReactNode;
  testId?: string;
  /** Extra choices for the whole file (cost-centre type) and the required fields they answer. */
  extra?: { node: ReactNode; fields: Record<string, string>; satisfied: ReadonlySet<K> };
}

interface Chosen<K extends string> {
  file: File;
  headers: string[];
  mapping: ColumnMapping<K>;
}

/**
 * Choose a CSV, map its columns (pre-filled by header name), upload file and mapping, see what was
 * created and skipped. Shared by the master data and the receivables imports.
 */
export function CsvImportDialog<K extends string, R>(props: CsvImportDialogProps<K, R>) {
  const { t } = useTranslation('common');
  const [chosen, setChosen] = useState<Chosen<K> | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [importError, setImportError] = useState<unknown>(null);
  const [result, setResult] = useState<R | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const satisfied = props.extra?.satisfied ?? new Set<K>();

  const reset = () => {
    setChosen(null);
    setReadError(null);
    setImportError(null);
    setResult(null);
  };
  const onOpenChange = (open: boolean) => {
    if (!open) reset();
    props.onOpenChange(open);
  };

  const onFile = async (file: File | undefined) => {
    reset();
    if (!file) return;
    try {
      const headers = await readHeaderFromFile(file);
      if (headers.length === 0) setReadError(t('csvImport.noHeader'));
      else setChosen({ file, headers, mapping: guessMapping(headers, props.columns) });
    } catch {
      setReadError(t('csvImport.unreadable'));
    }
  };

  const missing = chosen ? missingRequiredColumns(chosen.mapping, props.columns, satisfied) : [];
  const duplicates = chosen ? duplicateHeaders(chosen.mapping) : [];
  const canImport = chosen !== null && missing.length === 0 && duplicates.length === 0 && result === null;

  const runImport = async () => {
    if (!chosen || !canImport) return;
    setIsImporting(true);
    setImportError(null);
    try {
      setResult(
        await props.onImport({ file: chosen.file, mapping: toMappingPayload(chosen.mapping), fields: props.extra?.fields }),
      );
    } catch (error) {
      setImportError(error);
    } finally {
      setIsImporting(false);
    }
  };

  return (
    <Dialog open={props.open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {result ? (
          props.renderResult(result)
        ) : (
          <>
            <SingleFileDrop
              onFile={(file) => void onFile(file)}
              check={(file) => {
                const problem = checkChosenFile(file, {
                  extensions: ACCEPTED_EXTENSIONS,
                  maxBytes: MASTER_DATA_IMPORT_MAX_BYTES,
                });
                return problem ? t(`csvImport.${problem}`, { fileName: file.name, maxMb: MAX_MB }) : null;
              }}
              accept=".csv,.txt,.tsv,text/csv,text/plain"
              icon={FileSpreadsheet}
              texts={{
                drop: t('csvImport.drop'),
                label: t('csvImport.file'),
                choose: t('file.choose'),
                hint: props.fileHint,
              }}
              testId={props.testId ?? 'csv-import-drop-zone'}
              chosenName={chosen?.file.name ?? null}
            />
            {readError ? <Alert tone="danger">{readError}</Alert> : null}
            {props.extra?.node}
            {chosen ? (
              <ColumnMappingFields
                columns={props.columns}
                headers={chosen.headers}
                mapping={chosen.mapping}
                onChange={(mapping) => setChosen({ ...chosen, mapping })}
                labelOf={props.labelOf}
                satisfied={satisfied}
                texts={{
                  legend: t('csvImport.mappingLegend'),
                  notMapped: t('csvImport.notMapped'),
                  requiredMark: t('csvImport.requiredMark'),
                }}
              />
            ) : null}
            {missing.length > 0 ? (
              <Alert tone="warning">{t('csvImport.missingColumns', { columns: missing.map(props.labelOf).join(', ') })}</Alert>
            ) : null}
            {duplicates.length > 0 ? (
              <Alert tone="warning">{t('csvImport.duplicateColumns', { columns: duplicates.join(', ') })}</Alert>
            ) : null}
            {importError ? <Alert tone="danger">{getErrorMessage(importError)}</Alert> : null}
          </>
        )}
        <DialogFooter>
          {result ? (
            <Button onClick={() => onOpenChange(false)}>{t('csvImport.close')}</Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {t('csvImport.cancel')}
              </Button>
              <Button onClick={() => void runImport()} disabled={!canImport} isLoading={isImporting}>
                {t('csvImport.run')}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
