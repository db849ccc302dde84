/**
 * CSV cells and lines, shared by the server's table exports and the accounting files so that the
 * quoting and the formula rule exist once.
 */

/**
 * A spreadsheet runs a cell starting with one of these as a formula (CSV injection, OWASP): such
 * a cell gets a leading apostrophe, which Excel and LibreOffice take as "this is text".
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** The text, made inert for a spreadsheet. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180: quoted only where the cell holds the delimiter, a quote or a line break; inner quotes doubled. */
export function quoteCsvCell(text: string, delimiter: string): string {
  return /["\r\n]/.test(text) || text.includes(delimiter) ? quoteCsvText(text) : text;
}

/** Always quoted, inner quotes doubled: DATEV writes every text field this way, even an empty one. */
export function quoteCsvText(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** A cell for a file people open in a spreadsheet: neutralised, then quoted where needed. */
export function formatCsvCell(value: string | number, delimiter: string): string {
  return quoteCsvCell(neutraliseFormula(String(value)), delimiter);
}

export function formatCsvLine(cells: readonly (string | number)[], delimiter: string): string {
  return cells.map((cell) => formatCsvCell(cell, delimiter)).join(delimiter);
}
