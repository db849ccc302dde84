import { BUSINESS_TIME_ZONE, todayIso } from '@kontor/domain/dates';
import { intlFormatter } from '@kontor/domain/intl';
import type { FastifyReply } from 'fastify';
import type { Locale } from '@kontor/domain';
import type { ListExportFormat } from '@kontor/domain/list-export';
import { contentDisposition } from '../plugins/storage-local';
import { AppError } from './app-error';
import { csvDelimiter, csvDocument, csvLine } from './csv-file';
import { writeXlsx, type XlsxCell, type XlsxFormat } from './xlsx-writer';

/**
 * A list as a file for a spreadsheet: an Excel workbook with typed cells, or CSV the way Excel
 * opens it in the user's language. The lists' exports (invoices, counterparties) describe their
 * columns; this writes them.
 */

/**
 * How a column's values are given and shown: text as is, a calendar date (YYYY-MM-DD), a moment
 * (ISO, shown as the clock in Kontor's time zone read it), money in minor units, a rate in basis
 * points, a whole number.
 */
export type ColumnKind = 'text' | 'date' | 'time' | 'money' | 'rate' | 'count';

export interface ExportColumn<Row> {
  header: string;
  kind: ColumnKind;
  /** In characters, as Excel measures column widths. */
  width: number;
  value: (row: Row) => string | number | null;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
  rowCount: number;
}

/** The formatters of one file, made once: a cell is formatted millions of times in a large export. */
interface Formatters {
  /** "2026-03-15 14:05" in Kontor's time zone (a spreadsheet has no time zones). */
  wallClock: (iso: string) => string;
  decimal: (value: number) => string;
}

function formattersFor(locale: Locale): Formatters {
  const clock = intlFormatter(Intl.DateTimeFormat, 'sv-SE', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const decimal = intlFormatter(Intl.NumberFormat, locale === 'de' ? 'de-DE' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  return { wallClock: (iso) => clock.format(new Date(iso)), decimal: (value) => decimal.format(value) };
}

/** A CSV cell: dates as the app shows them, amounts with the locale's decimal mark and no grouping. */
function csvValue(value: string | number | null, kind: ColumnKind, locale: Locale, format: Formatters): string {
  if (value === null) return '';
  if (kind === 'money' || kind === 'rate') return format.decimal(Number(value) / 100);
  if (kind === 'date' || kind === 'time') {
    const text = kind === 'time' ? format.wallClock(String(value)) : String(value);
    const [year, month, day] = text.slice(0, 10).split('-');
    const date = locale === 'de' ? `${day}.${month}.${year}` : `${day}/${month}/${year}`;
    return kind === 'time' ? `${date} ${text.slice(11, 16)}` : date;
  }
  return String(value);
}

/** A workbook cell: dates and moments as dates, money and rates as numbers in their unit. */
function xlsxValue(value: string | number | null, kind: ColumnKind, format: Formatters): XlsxCell {
  if (value === null) return null;
  if (kind === 'money' || kind === 'rate') return Number(value) / 100;
  if (kind === 'date') return new Date(`${String(value)}T00:00:00Z`);
  if (kind === 'time') return new Date(`${format.wallClock(String(value)).replace(' ', 'T')}:00Z`);
  return typeof value === 'number' ? value : String(value);
}

const XLSX_FORMAT: Record<ColumnKind, XlsxFormat> = {
  text: 'general',
  count: 'general',
  date: 'date',
  time: 'dateTime',
  money: 'amount',
  rate: 'amount',
};

/** The rows as a file named "<baseName>-2026-11-27.xlsx" (or .csv). */
export async function tableExportFile<Row>(
  rows: readonly Row[],
  columns: readonly ExportColumn<Row>[],
  { format, locale, sheetName, baseName }: { format: ListExportFormat; locale: Locale; sheetName: string; baseName: string },
): Promise<ExportFile> {
  const fileName = `${baseName.replace(/\s+/g, '-')}-${todayIso()}.${format}`;
  const formatters = formattersFor(locale);
  if (format === 'csv') {
    const delimiter = csvDelimiter(locale);
    const lines = [
      csvLine(
        columns.map((column) => column.header),
        delimiter,
      ),
    ];
    for (const row of rows) {
      lines.push(
        csvLine(
          columns.map((column) => csvValue(column.value(row), column.kind, locale, formatters)),
          delimiter,
        ),
      );
    }
    return {
      fileName,
      rowCount: rows.length,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(csvDocument(lines), 'utf8'),
    };
  }
  const dateFormat = locale === 'de' ? 'dd.mm.yyyy' : 'dd/mm/yyyy';
  const body = await writeXlsx({
    name: sheetName,
    columns: columns.map((column) => ({ header: column.header, width: column.width, format: XLSX_FORMAT[column.kind] })),
    rows: (function* () {
      for (const row of rows) yield columns.map((column) => xlsxValue(column.value(row), column.kind, formatters));
    })(),
    dateFormat,
    dateTimeFormat: `${dateFormat} hh:mm`,
  });
  return {
    fileName,
    rowCount: rows.length,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body,
  };
}

/** The file as a download; the row count travels in a header for the "1,204 exported" message. */
export function sendExportFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'no-store')
    .header('x-row-count', String(file.rowCount))
    .send(file.body);
}

/** Rows per statement: 100,000 rows are 100 round trips, each still cheap. */
const EXPORT_BATCH_SIZE = 1_000;

/**
 * Every row of a keyset-paged list, batch after batch, each batch turned into export rows (its
 * extra fields read by id). More than `maxRows` are refused with list_export_too_large before any
 * file is built. `readPage` answers up to `limit` rows after the cursor (null: from the start).
 */
export async function readAllForExport<Row, Cursor, Out>({
  readPage,
  cursorOf,
  convert,
  maxRows,
  locale,
}: {
  readPage: (after: Cursor | null, limit: number) => Promise<Row[]>;
  cursorOf: (last: Row) => Cursor;
  convert: (batch: Row[]) => Promise<Out[]>;
  maxRows: number;
  locale: Locale;
}): Promise<Out[]> {
  const collected: Out[] = [];
  let after: Cursor | null = null;
  for (;;) {
    // One row more than a batch tells whether another batch follows.
    const page = await readPage(after, EXPORT_BATCH_SIZE + 1);
    const batch = page.slice(0, EXPORT_BATCH_SIZE);
    if (collected.length + batch.length > maxRows) {
      throw new AppError('list_export_too_large', { max: maxRows.toLocaleString(locale) });
    }
    collected.push(...(await convert(batch)));
    const last = batch.at(-1);
    if (page.length <= EXPORT_BATCH_SIZE || last === undefined) return collected;
    after = cursorOf(last);
  }
}
