import {
  COUNTERPARTY_IMPORT_COLUMNS,
  COUNTERPARTY_IMPORT_MAX_BYTES,
  type CounterpartyImportColumn,
  type CounterpartyImportStatus,
  type CounterpartyImportSummary,
  type CounterpartyImportUpload,
} from '@kontor/domain/counterparties/counterparty-import';
import { checkChosenFile, type ChosenFileProblem } from '@/lib/chosen-file';
import { duplicateHeaders, missingRequiredColumns, type ColumnMapping } from '@/lib/csv-header';

/** Import column → header of the file, '' where none is chosen. */
export type ImportMapping = ColumnMapping<CounterpartyImportColumn>;

export const IMPORT_MAX_MB = COUNTERPARTY_IMPORT_MAX_BYTES / 1024 / 1024;
const ACCEPTED_EXTENSIONS = ['csv', 'txt', 'tsv', 'xlsx'];

/** The same checks the server makes first, so that a wrong file is named before it travels. */
export function checkImportFile(file: { name: string; size: number }): ChosenFileProblem | null {
  return checkChosenFile(file, { extensions: ACCEPTED_EXTENSIONS, maxBytes: COUNTERPARTY_IMPORT_MAX_BYTES });
}

/** Every column with the header the server suggested (from the aliases), '' where none matched. */
export function initialMapping(upload: Pick<CounterpartyImportUpload, 'suggestedMapping'>): ImportMapping {
  return Object.fromEntries(
    COUNTERPARTY_IMPORT_COLUMNS.map((column) => [column.key, upload.suggestedMapping[column.key] ?? '']),
  ) as ImportMapping;
}

/** What blocks the start: required columns without a header, headers chosen twice. */
export function mappingProblems(mapping: ImportMapping) {
  return {
    missing: missingRequiredColumns(mapping, COUNTERPARTY_IMPORT_COLUMNS),
    duplicates: duplicateHeaders(mapping),
  };
}

/** The headers a select can offer: an empty header cell cannot be chosen, a repeated one once. */
export function selectableHeaders(headers: readonly string[]): string[] {
  return [...new Set(headers.filter((header) => header.trim() !== ''))];
}

/** Done or failed: the job will not change it again, so its result can be read and polling stops. */
export function isImportFinished(status: Pick<CounterpartyImportStatus, 'status'>): boolean {
  return status.status === 'done' || status.status === 'failed';
}

/** The badge of a listed import: finished with rows not created warns, as its result does. */
export function recentImportTone(item: Pick<CounterpartyImportSummary, 'status' | 'skippedCount'>) {
  if (item.status === 'failed') return 'danger';
  if (item.status === 'running') return 'info';
  return item.skippedCount > 0 ? 'warning' : 'success';
}
