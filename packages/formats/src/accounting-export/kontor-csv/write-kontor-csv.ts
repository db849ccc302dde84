/**
 * Kontor CSV: made to be opened in a spreadsheet. UTF-8 with BOM (so Excel reads the umlauts), `;`
 * in both locales (the issue asks for one separator, and German Excel needs `;`), CRLF, RFC 4180
 * quoting. Amounts and rates without grouping, decimal comma in `de`, dot in `en`.
 *
 * Formula injection: every text cell is neutralised (a leading `'` before `= + - @`, tab, CR).
 * Numeric cells Kontor formats itself (amounts, rates, line numbers) are exempt: they can only be
 * a number, and `'-12,50` would turn a credit note's amount into text. Dates and booleans are
 * ours too and never start with those characters.
 */
import { formatCsvCell, quoteCsvCell } from '../csv-cells';
import { localTimeParts, parseIsoDate } from '../iso-date';
import { chunkLines, type RecordSource } from '../line-chunks';
import { formatHundredths } from '../number-text';
import { KONTOR_CSV_COLUMNS, type KontorCsvKind, type KontorCsvRow } from './kontor-csv-columns';

export type KontorCsvLocale = 'de' | 'en';

const DELIMITER = ';';
const CRLF = '\r\n';
const BOM = '\uFEFF';

/** DD.MM.YYYY (de) or YYYY-MM-DD (en); a value that is no date is written as the text it is. */
function formatDate(value: string, locale: KontorCsvLocale): string | null {
  const parts = parseIsoDate(value);
  if (!parts) return null;
  return locale === 'de' ? `${parts.day}.${parts.month}.${parts.year}` : value;
}

/** de: wall-clock time in Germany/Austria as Excel reads it; en: the ISO instant unchanged. */
function formatInstant(value: string, locale: KontorCsvLocale): string | null {
  if (locale === 'en') return null;
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return null;
  const time = localTimeParts(moment);
  return `${time.day}.${time.month}.${time.year} ${time.hour}:${time.minute}:${time.second}`;
}

function formatCell(value: KontorCsvRow[keyof KontorCsvRow], kind: KontorCsvKind, locale: KontorCsvLocale): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return locale === 'de' ? (value ? 'Ja' : 'Nein') : value ? 'yes' : 'no';
  if (typeof value === 'number') {
    const text = kind === 'amount' || kind === 'rate' ? formatHundredths(value, locale === 'de' ? ',' : '.') : String(value);
    return quoteCsvCell(text, DELIMITER);
  }
  const formatted = kind === 'date' ? formatDate(value, locale) : kind === 'instant' ? formatInstant(value, locale) : null;
  return formatted === null ? formatCsvCell(value, DELIMITER) : quoteCsvCell(formatted, DELIMITER);
}

export function kontorCsvHeadingLine(locale: KontorCsvLocale): string {
  return KONTOR_CSV_COLUMNS.map((column) => formatCsvCell(column[locale], DELIMITER)).join(DELIMITER);
}

export function kontorCsvLine(row: KontorCsvRow, locale: KontorCsvLocale): string {
  return KONTOR_CSV_COLUMNS.map((column) => formatCell(row[column.key], column.kind, locale)).join(DELIMITER);
}

/** The file as it is written: BOM and headings first, then a chunk per few hundred rows. */
export async function* writeKontorCsv(locale: KontorCsvLocale, rows: RecordSource<KontorCsvRow>): AsyncGenerator<Buffer> {
  yield Buffer.from(`${BOM}${kontorCsvHeadingLine(locale)}${CRLF}`, 'utf8');
  yield* chunkLines(rows, (row) => Buffer.from(`${kontorCsvLine(row, locale)}${CRLF}`, 'utf8'));
}
