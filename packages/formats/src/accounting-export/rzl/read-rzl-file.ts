/** Reads Kontor's RZL booking XML back (for tests, and to check a file before it is sent). */
import { XMLParser } from 'fast-xml-parser';
import { AccountingFormatError } from '../accounting-format-error';

export interface RzlFile {
  version: string;
  generatedBy: string;
  createdAt: string;
  header: { clientNumber: string | null; dateFrom: string; dateTo: string; currency: string };
  /** One per <buchung>, keyed by element name; absent elements are absent keys. */
  bookings: Record<string, string>[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => name === 'buchung',
});

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function bookingOf(value: unknown): Record<string, string> {
  const entries = Object.entries(objectOf(value)).flatMap(([key, item]) => {
    const text = textOf(item);
    return text === null ? [] : [[key, text] as const];
  });
  return Object.fromEntries(entries);
}

export function readRzlFile(text: string): RzlFile {
  const document = objectOf(parser.parse(text));
  const root = objectOf(document['rzl-buchungsimport']);
  if (Object.keys(root).length === 0)
    throw new AccountingFormatError('file_unreadable', { reason: 'no rzl-buchungsimport root' });
  const header = objectOf(root.kopf);
  const period = objectOf(header.zeitraum);
  const bookings = objectOf(root.buchungen).buchung;
  return {
    version: textOf(root['@version']) ?? '',
    generatedBy: textOf(root['@erzeugt-von']) ?? '',
    createdAt: textOf(root['@erstellt']) ?? '',
    header: {
      clientNumber: textOf(header.mandant),
      dateFrom: textOf(period['@von']) ?? '',
      dateTo: textOf(period['@bis']) ?? '',
      currency: textOf(header.waehrung) ?? '',
    },
    bookings: Array.isArray(bookings) ? bookings.map(bookingOf) : [],
  };
}
