/**
 * The browser only needs the CSV's header row, to let the user map columns before the upload;
 * the server parses the whole file with csv-parse. Reading one record by hand keeps csv-parse
 * (and its Node stream shims) out of the web bundle: quotes and doubled quotes are all a header needs.
 */

/** Only the beginning of the file is read: a header row is never longer than this. */
export const HEADER_READ_BYTES = 64 * 1024;

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/** UTF-8 (with or without BOM), else Windows-1252 — what German Excel writes; the server decodes alike. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  const hasBom = UTF8_BOM.every((byte, index) => bytes[index] === byte);
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch (error) {
    // A cut in the middle of a multi-byte character at the end of the slice is not an encoding problem.
    if (body.length >= HEADER_READ_BYTES) {
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(body.subarray(0, body.length - 3));
      } catch {
        // fall through to Windows-1252
      }
    }
    if (!(error instanceof TypeError)) throw error;
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** `;` (German Excel), `,` or tab: whichever occurs most in the first non-empty line outside quotes. */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let isQuoted = false;
  for (const char of firstLine) {
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && char in counts) counts[char] = (counts[char] ?? 0) + 1;
  }
  let best = ',';
  for (const [delimiter, found] of Object.entries(counts)) if (found > (counts[best] ?? 0)) best = delimiter;
  return best;
}

/** The cells of the first non-empty record, trimmed; empty header cells are dropped. */
export function readCsvHeader(text: string): string[] {
  const start = text.search(/\S/);
  if (start < 0) return [];
  const delimiter = detectDelimiter(text);
  const cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') break;
    else cell += char;
  }
  cells.push(cell);
  return cells.map((value) => value.trim()).filter((value) => value !== '');
}

export async function readHeaderFromFile(file: Blob): Promise<string[]> {
  const bytes = new Uint8Array(await file.slice(0, HEADER_READ_BYTES).arrayBuffer());
  return readCsvHeader(decodeCsvBytes(bytes));
}

/** Header comparison ignores case, spaces and punctuation ("Kostenstellen-Nr." = "kostenstellennr"), as the server does. */
export function normalizeHeader(value: string): string {
  return value
    .toLocaleLowerCase('de-DE')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export interface ImportColumn<K extends string = string> {
  key: K;
  required: boolean;
  /** Header names (de and en) that pre-select this column. */
  aliases: readonly string[];
}

/** Field → header, '' when the user has not chosen one. */
export type ColumnMapping<K extends string = string> = Record<K, string>;

/** Pre-fills each field with the first header that matches one of its aliases; a header is used once. */
export function guessMapping<K extends string>(
  headers: readonly string[],
  columns: readonly ImportColumn<K>[],
): ColumnMapping<K> {
  const used = new Set<string>();
  const mapping = {} as ColumnMapping<K>;
  for (const column of columns) {
    const aliases = new Set(column.aliases.map(normalizeHeader));
    const match = headers.find((header) => !used.has(header) && aliases.has(normalizeHeader(header)));
    if (match) used.add(match);
    mapping[column.key] = match ?? '';
  }
  return mapping;
}

/** Required fields without a column ("all required columns must be mapped" blocks the upload). */
export function missingRequiredColumns<K extends string>(
  mapping: ColumnMapping<K>,
  columns: readonly ImportColumn<K>[],
  satisfiedElsewhere: ReadonlySet<K> = new Set(),
): K[] {
  return columns
    .filter((column) => column.required && !satisfiedElsewhere.has(column.key) && !mapping[column.key])
    .map((column) => column.key);
}

/** Headers chosen for more than one field: each column can feed only one field. */
export function duplicateHeaders<K extends string>(mapping: ColumnMapping<K>): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const header of Object.values<string>(mapping)) {
    if (!header) continue;
    if (seen.has(header)) duplicates.add(header);
    seen.add(header);
  }
  return [...duplicates];
}

/** What the server receives: only the fields that have a column. */
export function toMappingPayload<K extends string>(mapping: ColumnMapping<K>): Record<string, string> {
  return Object.fromEntries(Object.entries<string>(mapping).filter(([, header]) => header !== ''));
}
