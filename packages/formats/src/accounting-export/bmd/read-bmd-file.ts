/** Reads a BMD import file (bookings or Personenkonten): Windows-1252, `;`, records keyed by the header line. */
import { parse } from 'csv-parse/sync';
import { AccountingFormatError } from '../accounting-format-error';
import { decodeCp1252 } from '../cp1252';

export interface BmdFile {
  headings: string[];
  records: Record<string, string>[];
}

export function readBmdFile(bytes: Uint8Array): BmdFile {
  let lines: string[][];
  try {
    lines = parse(decodeCp1252(bytes), { delimiter: ';', bom: true, skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    throw new AccountingFormatError('file_unreadable', { reason: error instanceof Error ? error.message : String(error) });
  }
  const [headings = [], ...rows] = lines;
  return {
    headings,
    records: rows.map((row) => Object.fromEntries(headings.map((heading, index) => [heading, row[index] ?? '']))),
  };
}
