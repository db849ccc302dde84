/**
 * Reads a DATEV EXTF/DTVF file of any category (Buchungsstapel, Debitoren/Kreditoren,
 * Kontenbeschriftungen): the 31 header fields, the headings and one record per further line. Used
 * by the tests to read back what the writer made, and to read DATEV's own files.
 */
import { parse } from 'csv-parse/sync';
import { AccountingFormatError } from '../accounting-format-error';
import { decodeCp1252 } from '../cp1252';

export interface DatevHeader {
  /** All fields of line 1 as written (quotes removed). */
  fields: string[];
  kennzeichen: string;
  versionsnummer: number | null;
  formatkategorie: number | null;
  formatname: string;
  formatversion: number | null;
  erzeugtAm: string;
  beraternummer: number | null;
  mandantennummer: number | null;
  /** YYYYMMDD as in the file. */
  wjBeginn: string;
  sachkontenlaenge: number | null;
  datumVon: string;
  datumBis: string;
  bezeichnung: string;
  waehrung: string;
  festschreibung: number | null;
}

export interface DatevFile {
  header: DatevHeader;
  headings: string[];
  /** One per data line, keyed by heading; an empty field is ''. */
  records: Record<string, string>[];
}

function numberOrNull(text: string | undefined): number | null {
  return text !== undefined && /^-?\d+$/.test(text) ? Number(text) : null;
}

function headerOf(fields: string[]): DatevHeader {
  const field = (position: number) => fields[position - 1] ?? '';
  return {
    fields,
    kennzeichen: field(1),
    versionsnummer: numberOrNull(field(2)),
    formatkategorie: numberOrNull(field(3)),
    formatname: field(4),
    formatversion: numberOrNull(field(5)),
    erzeugtAm: field(6),
    beraternummer: numberOrNull(field(11)),
    mandantennummer: numberOrNull(field(12)),
    wjBeginn: field(13),
    sachkontenlaenge: numberOrNull(field(14)),
    datumVon: field(15),
    datumBis: field(16),
    bezeichnung: field(17),
    waehrung: field(22),
    festschreibung: numberOrNull(field(21)),
  };
}

export function readDatevFile(bytes: Uint8Array): DatevFile {
  let lines: string[][];
  try {
    lines = parse(decodeCp1252(bytes), {
      delimiter: ';',
      quote: '"',
      escape: '"',
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    throw new AccountingFormatError('file_unreadable', { reason: error instanceof Error ? error.message : String(error) });
  }
  const [first, headings = [], ...rows] = lines;
  if (!first || (first[0] !== 'EXTF' && first[0] !== 'DTVF')) {
    throw new AccountingFormatError('file_unreadable', { reason: 'not a DATEV file (line 1 does not start with EXTF or DTVF)' });
  }
  const records = rows.map((row) => Object.fromEntries(headings.map((heading, index) => [heading, row[index] ?? ''])));
  return { header: headerOf(first), headings, records };
}
