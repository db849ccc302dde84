import type { Locale } from '@kontor/domain';

/** A spreadsheet would run a cell starting with these as a formula (CSV injection): quote it as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * German Excel opens a file by double-click when it is separated by `;` (the comma is its decimal
 * mark); English Excel expects `,`.
 */
export function csvDelimiter(locale: Locale): string {
  return locale === 'de' ? ';' : ',';
}

/** One cell as text: quoted where it holds the delimiter, a quote or a line break. */
export function csvCell(value: string | number, delimiter: string): string {
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /["\r\n]/.test(safe) || safe.includes(delimiter) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly (string | number)[], delimiter: string): string {
  return cells.map((cell) => csvCell(cell, delimiter)).join(delimiter);
}

/** The lines as a file: CRLF, with a BOM so that Excel reads UTF-8. */
export function csvDocument(lines: readonly string[]): string {
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
