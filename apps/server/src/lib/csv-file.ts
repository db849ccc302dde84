import type { Locale } from '@kontor/domain';

/**
 * The cell quoting and the formula-injection rule live in @kontor/formats, beside the accounting
 * files that use them too, so the rule exists once; the server's names stay as they were.
 */
export { FORMULA_START, formatCsvCell as csvCell, formatCsvLine as csvLine } from '@kontor/formats';

/**
 * German Excel opens a file by double-click when it is separated by `;` (the comma is its decimal
 * mark); English Excel expects `,`.
 */
export function csvDelimiter(locale: Locale): string {
  return locale === 'de' ? ';' : ',';
}

/** The lines as a file: CRLF, with a BOM so that Excel reads UTF-8. */
export function csvDocument(lines: readonly string[]): string {
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
