import {
  COUNTERPARTY_IMPORT_COLUMNS,
  COUNTERPARTY_IMPORT_MAX_BYTES,
  type CounterpartyImportColumn,
  type CounterpartyImportUpload,
} from '@kontor/domain/counterparties/counterparty-import';
import { duplicateHeaders, missingRequiredColumns, type ColumnMapping } from '@/lib/csv-header';

/** Import column → header of the file, '' where none is chosen. */
export type ImportMapping = ColumnMapping<CounterpartyImportColumn>;

export const IMPORT_MAX_MB = COUNTERPARTY_IMPORT_MAX_BYTES / 1024 / 1024;
const ACCEPTED_EXTENSIONS = ['csv', 'txt', 'tsv', 'xlsx'];

/** The same checks the server makes first, so that a wrong file is named before it travels. */
export function checkImportFile(file: { name: string; size: number }): 'wrongType' | 'tooLarge' | null {
  const extension = file.name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (!ACCEPTED_EXTENSIONS.includes(extension)) return 'wrongType';
  if (file.size > COUNTERPARTY_IMPORT_MAX_BYTES) return 'tooLarge';
  return null;
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
