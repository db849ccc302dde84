/**
 * Text forms the matching compares: names folded like the database folds them, references reduced
 * to letters and digits, remittance text cut into tokens that keep their place in the original.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * The TypeScript twin of the SQL function counterparty_search_text (migrations 0032, 0047): lower
 * case, ł ø đ as l o d, ß as ss, æ œ as ae oe, accents and umlauts dropped ("MÜLLER Straße" →
 * "muller strasse"). ASCII text is its lower case alone, as in the SQL fast path.
 */
export function foldSearchText(value: string): string {
  const lower = value.toLowerCase();
  if (isAscii(lower)) return lower;
  return lower
    .replace(/[łøđ]/g, (char) => (char === 'ł' ? 'l' : char === 'ø' ? 'o' : 'd'))
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .normalize('NFC');
}

function isAscii(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) if (value.charCodeAt(i) > 127) return false;
  return true;
}

/** A non-ASCII character in reference form: folded, upper case, letters and digits only ("ß" → "SS", "é" → "E"). */
const foldedChars = new Map<string, string>();
function referenceChars(char: string): string {
  let folded = foldedChars.get(char);
  if (folded === undefined) {
    folded = foldSearchText(char)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');
    foldedChars.set(char, folded);
  }
  return folded;
}

/** A run of letters and digits in a text, upper case, with where it stood in the original. */
export interface TextToken {
  text: string;
  start: number;
  end: number;
  /** How many of its characters are digits. */
  digits: number;
}

const isAsciiDigit = (code: number) => code >= 48 && code <= 57;
const isAsciiLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/**
 * Cuts a text into runs of letters and digits (upper case, folded): "Rg. RE-2024/0l7" → RG, RE,
 * 2024, 0L7. Everything else separates, so that references are found whatever separators the
 * payer typed; the runs are joined again when looking references up (see find-candidates.ts).
 */
export function tokenize(value: string): TextToken[] {
  const tokens: TextToken[] = [];
  let text = '';
  let start = -1;
  let digits = 0;
  // ASCII letters and digits are sliced in one piece (most texts are nothing else); other characters are folded one by one.
  let asciiFrom = -1;
  const flushAscii = (end: number) => {
    if (asciiFrom >= 0) text += value.slice(asciiFrom, end).toUpperCase();
    asciiFrom = -1;
  };
  const close = (end: number) => {
    flushAscii(end);
    if (text !== '') tokens.push({ text, start, end, digits });
    text = '';
    start = -1;
    digits = 0;
  };
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (isAsciiDigit(code) || isAsciiLetter(code)) {
      if (start < 0) start = i;
      if (asciiFrom < 0) asciiFrom = i;
      if (isAsciiDigit(code)) digits += 1;
      continue;
    }
    const folded = code < 128 ? '' : referenceChars(value[i]!);
    if (folded === '') {
      close(i);
      continue;
    }
    flushAscii(i);
    if (start < 0) start = i;
    text += folded;
    for (let j = 0; j < folded.length; j += 1) if (isAsciiDigit(folded.charCodeAt(j))) digits += 1;
  }
  close(value.length);
  return tokens;
}

/** A reference as it is compared: upper case, letters and digits only ("re-2024/017" → "RE2024017"). */
export function normalizeReference(value: string): string {
  let out = '';
  for (const token of tokenize(value)) out += token.text;
  return out;
}

/** The digits of a normalised reference: "RE2024017" → "2024017", so that "RE-2024/017" is found from "2024017". */
export function referenceDigits(normalized: string): string {
  let out = '';
  for (let i = 0; i < normalized.length; i += 1) {
    const code = normalized.charCodeAt(i);
    if (code >= 48 && code <= 57) out += normalized[i];
  }
  return out;
}

/** An IBAN as compared: no spaces, upper case (what normalizeIban does, without its validation cost). */
export function compactIban(value: string | null): string | null {
  if (value === null) return null;
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact === '' ? null : compact;
}
