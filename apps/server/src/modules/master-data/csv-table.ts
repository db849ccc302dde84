import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error';

/** A decoded CSV file: its header cells and its data rows with their line numbers in the file. */
export interface CsvTable {
  headers: string[];
  rows: CsvRow[];
}
export interface CsvRow {
  /** 1-based line in the file (the header is line 1), as the user sees it in a spreadsheet. */
  line: number;
  values: string[];
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * UTF-8 with or without BOM; anything that is not valid UTF-8 is read as Windows-1252, which is
 * what Excel and most German accounting tools write when they do not write UTF-8.
 */
export function decodeCsvText(buffer: Buffer): string {
  const body = buffer.subarray(0, 3).equals(UTF8_BOM) ? buffer.subarray(3) : buffer;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return decodeWindows1252(body);
  }
}

/** Windows-1252's characters at 0x80–0x9F (unassigned bytes keep their Latin-1 code point). */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/**
 * Node 20's TextDecoder('windows-1252') decodes as Latin-1 (0x80 becomes U+0080, not €), and no
 * codec library is a dependency; Latin-1 plus these 32 characters is exactly Windows-1252.
 */
function decodeWindows1252(body: Buffer): string {
  return body.toString('latin1').replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
}

/** The delimiter of the first non-empty line: `;` (German Excel), `,` or tab, counted outside quotes. */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [delimiter, found] of counts) if (found > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** Reads the whole file into rows; a broken quote or similar answers 400 import_malformed_csv. */
export function readCsvTable(buffer: Buffer, options: { hasHeader?: (firstRow: string[]) => boolean } = {}): CsvTable {
  const text = decodeCsvText(buffer);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? error.lines : undefined;
      throw new AppError('import_malformed_csv', { detail: line ? `${error.code} (line ${line})` : error.code });
    }
    throw error;
  }
  const [first, ...rest] = records;
  if (!first) return { headers: [], rows: [] };
  const withHeader = options.hasHeader ? options.hasHeader(first.record) : true;
  const dataRecords = withHeader ? rest : records;
  return {
    headers: withHeader ? first.record : [],
    rows: dataRecords.map((entry) => ({ line: entry.info.lines, values: entry.record })),
  };
}

/** How a target field finds its column: required or not, and the header names it answers to (de and en). */
export interface ColumnSpec<K extends string> {
  key: K;
  required: boolean;
  aliases: readonly string[];
}

/** Header comparison ignores case, spaces and punctuation ("Kostenstellen-Nr." = "kostenstellennr"). */
export function normalizeHeader(value: string): string {
  return value
    .toLocaleLowerCase('de-DE')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Column index per field. A mapping (field → header) from the upload wins; fields it leaves out are
 * matched by their aliases. Required fields that find no column answer 400 import_missing_columns.
 */
export function resolveColumns<K extends string>(
  headers: readonly string[],
  specs: readonly ColumnSpec<K>[],
  mapping: Partial<Record<string, string>> | null,
): Partial<Record<K, number>> {
  const normalized = headers.map(normalizeHeader);
  const columns: Partial<Record<K, number>> = {};
  const missing: K[] = [];
  for (const spec of specs) {
    const mapped = mapping?.[spec.key];
    const candidates = mapped !== undefined && mapped.trim() !== '' ? [mapped] : spec.aliases;
    const index = candidates.map(normalizeHeader).reduce((found, alias) => (found >= 0 ? found : normalized.indexOf(alias)), -1);
    if (index >= 0) columns[spec.key] = index;
    else if (spec.required) missing.push(spec.key);
  }
  if (missing.length > 0) throw new AppError('import_missing_columns', { columns: missing.join(', ') });
  return columns;
}

/** The trimmed cell of a field, '' when the field has no column or the row is short. */
export function cell<K extends string>(row: CsvRow, columns: Partial<Record<K, number>>, key: K): string {
  const index = columns[key];
  return index === undefined ? '' : (row.values[index] ?? '').trim();
}
