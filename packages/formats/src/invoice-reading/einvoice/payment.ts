/** Payment details shared by all syntaxes: IBAN/BIC checks and skonto (cash discount) terms. */

/** An account id as written, compacted (no spaces or hyphens, upper case); may be no IBAN at all. */
export function compactIban(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * Whether an account id is meant as an IBAN (country code, two check digits, then letters and
 * digits), whatever its length and checksum: such an id is shown even when it is broken, while
 * placeholders ("IBAN") and national account numbers are not IBANs at all.
 */
export function looksLikeIban(raw: string | null | undefined): boolean {
  return !!raw && /^[A-Z]{2}\d{2}[A-Z0-9]{4,}$/.test(compactIban(raw));
}

/** Normalised IBAN (no spaces, upper case) when it passes the ISO 13616 mod-97 check, else null. */
export function normaliseIban(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const iban = compactIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return null;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? iban : null;
}

/** BIC (ISO 9362): 8 or 11 characters, normalised. */
export function normaliseBic(raw: string | null | undefined): string | null {
  const bic = raw?.replace(/\s/g, '').toUpperCase();
  return bic && /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) ? bic : null;
}

/**
 * UNCL 4461 payment means whose account is the payer's, not the payee's: card (48) and
 * direct debit (49, 59). Their IBAN must never be offered as the account to pay to.
 */
const PAYER_ACCOUNT_MEANS = new Set(['48', '49', '59']);

export function isPayeeAccountMeans(typeCode: string | null): boolean {
  return !typeCode || !PAYER_ACCOUNT_MEANS.has(typeCode.trim());
}

/** UNTDID 1001 codes of credit notes (EN 16931 lists 81, 83, 261, 262, 296, 308, 381, 396, 420, 458, 532). */
const CREDIT_NOTE_CODES = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532']);

export function isCreditNoteCode(typeCode: string | null | undefined): boolean {
  return typeCode ? CREDIT_NOTE_CODES.has(typeCode.trim()) : false;
}

export interface RawSkonto {
  days: string | null;
  percent: string | null;
  /** Base amount the percentage applies to, when stated. */
  basis: string | null;
  /** Discount amount, when stated. */
  amount: string | null;
}

/**
 * XRechnung's structured payment terms (KoSIT "Skonto" convention, BT-20 lines):
 * `#SKONTO#TAGE=14#PROZENT=2.00#` optionally followed by `BASISBETRAG=123.45#`.
 * Lines with 0 % (a plain net term) are skipped.
 */
export function parseXRechnungSkonto(terms: string | null | undefined): RawSkonto[] {
  if (!terms) return [];
  const found: RawSkonto[] = [];
  const pattern = /#SKONTO#TAGE=(\d+)#PROZENT=(\d+(?:\.\d+)?)#(?:BASISBETRAG=(-?\d+(?:\.\d+)?)#)?/g;
  for (const match of terms.matchAll(pattern)) {
    if (Number(match[2]) === 0) continue;
    found.push({ days: match[1] ?? null, percent: match[2] ?? null, basis: match[3] ?? null, amount: null });
  }
  return found;
}
