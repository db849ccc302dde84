/**
 * What DATEV's import refuses, as small pure checks: the writer applies them, and the server's
 * pre-export check asks the same functions so that it names a problem before the file is made.
 */

/** Field lengths of the Buchungsstapel (DATEV format description, v13). */
export const DATEV_LIMITS = {
  documentNumber: 36,
  documentNumber2: 12,
  text: 60,
  costCenter: 36,
  /** Header: "Exportiert von" and "Bezeichnung". */
  exportedBy: 25,
  label: 30,
} as const;

/** DATEV refuses a Buchungsstapel of more bookings: the server writes several files. */
export const DATEV_MAX_BOOKINGS_PER_FILE = 99_999;

/**
 * Belegfeld 1 allows only A–Z a–z 0–9 and `$ & % * + - /`. Separators people use in invoice
 * numbers (`_ . space #`) become `-` so "RE_2026.01 #7" stays recognisable as "RE-2026-01--7";
 * anything else (umlauts, commas, colons) is dropped; the result is cut to 36.
 */
export function cleanDatevDocumentNumber(text: string): string {
  return text
    .replace(/[_. #]/g, '-')
    .replace(/[^A-Za-z0-9$&%*+\-/]/g, '')
    .slice(0, DATEV_LIMITS.documentNumber);
}

/** BU-Schlüssel: one to four digits. */
export function isDatevTaxKey(code: string): boolean {
  return /^\d{1,4}$/.test(code);
}

/** A G/L account (Sachkonto): digits, at most the Sachkontenlänge. */
export function isDatevLedgerAccount(code: string, accountLength: number): boolean {
  return /^\d+$/.test(code) && code.length <= accountLength;
}

/** A personal account (Debitor/Kreditor): digits, exactly one more than the Sachkontenlänge. */
export function isDatevPersonalAccount(code: string, accountLength: number): boolean {
  return /^\d+$/.test(code) && code.length === accountLength + 1;
}

/** Either kind: what DATEV accepts in Konto or Gegenkonto. */
export function isDatevAccount(code: string, accountLength: number): boolean {
  return isDatevLedgerAccount(code, accountLength) || isDatevPersonalAccount(code, accountLength);
}
