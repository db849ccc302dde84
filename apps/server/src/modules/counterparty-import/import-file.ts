import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error';
import { decodeCsvText, detectDelimiter } from '../master-data/csv-table';

/**
 * Reading an uploaded counterparty file row by row (CSV or the first worksheet of an XLSX), so
 * that a 20,000-row file is never held as parsed records: the upload counts and previews it, the
 * job validates and creates it as the rows come.
 */

export type ImportFormat = 'csv' | 'xlsx';

/** A record of the file: its 1-based data row number (the header row is not counted) and its cells. */
export interface ImportFileRow {
  row: number;
  cells: string[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The old binary .xls (and .doc): an OLE compound file. */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * The format by name and content: .csv/.txt/.tsv must be text, .xlsx a zip. Anything else (a PDF,
 * an old .xls, a renamed binary) answers 415 import_unsupported_type.
 */
export function detectImportFormat(fileName: string, body: Buffer): ImportFormat {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  const head = body.subarray(0, 4);
  if (extension === 'xlsx' && head.equals(ZIP_MAGIC)) return 'xlsx';
  if (extension === 'xlsx') throw new AppError('import_malformed_xlsx', { detail: 'not an .xlsx workbook' });
  const isBinary = head.equals(ZIP_MAGIC) || head.equals(OLE_MAGIC) || body.subarray(0, 8192).includes(0);
  if (['csv', 'txt', 'tsv'].includes(extension) && !isBinary) return 'csv';
  throw new AppError('import_unsupported_type');
}

/** The header row and then every data row; blank rows are skipped and not numbered. */
export async function* readImportRows(body: Buffer, format: ImportFormat): AsyncGenerator<ImportFileRow & { isHeader: boolean }> {
  const records = format === 'csv' ? csvRecords(body) : xlsxRecords(body);
  let dataRow = 0;
  let hasHeader = false;
  for await (const cells of records) {
    if (cells.every((cell) => cell === '')) continue;
    if (!hasHeader) {
      hasHeader = true;
      yield { row: 0, cells, isHeader: true };
      continue;
    }
    dataRow += 1;
    yield { row: dataRow, cells, isHeader: false };
  }
}

/**
 * The text in slices: csv-parse parses a chunk at once and buffers every record of it, so one
 * 4 MB chunk would hold all 20,000 parsed rows in memory; slices keep the backpressure working.
 */
function* textChunks(text: string, size = 64 * 1024): Generator<string> {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + size, text.length);
    // Never split a surrogate pair (an emoji in a name) between two chunks.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield text.slice(start, end);
    start = end;
  }
}

async function* csvRecords(body: Buffer): AsyncGenerator<string[]> {
  const text = decodeCsvText(body);
  const parser = Readable.from(textChunks(text)).pipe(
    parse({ delimiter: detectDelimiter(text), bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }),
  );
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? ` (line ${error.lines})` : '';
      throw new AppError('import_malformed_csv', { detail: `${error.code}${line}` });
    }
    throw error;
  }
}

/** Text of a cell as the user sees it: rich text joined, formulas by their result, dates as ISO days. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value).trim();
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('error' in value) return '';
  return '';
}

async function* xlsxRecords(body: Buffer): AsyncGenerator<string[]> {
  // Loaded on first use: exceljs costs the server ~28 MB of memory from start-up on, for XLSX imports only.
  const { default: excel } = await import('exceljs');
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([body]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = Array.isArray(row.values) ? row.values : [];
        // row.values is 1-based (index 0 is empty) and sparse.
        yield Array.from({ length: Math.max(values.length - 1, 0) }, (_, index) => cellText(values[index + 1]));
      }
      // Only the first worksheet is imported.
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('import_malformed_xlsx', { detail: error instanceof Error ? error.message.slice(0, 200) : 'unreadable' });
  }
}
