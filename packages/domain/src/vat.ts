/**
 * SPEC §5: a European VAT number, a two-letter country prefix plus its digits. This is the local
 * check only (the country's pattern and, where a public and cheap algorithm exists, its check
 * digits); whether the number is registered is the VIES check (SPEC §4, counterparties/verification).
 */

/** EU VAT number prefixes (Greece uses EL, Northern Ireland XI). */
export const EU_VAT_PREFIXES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
] as const;
export type EuVatPrefix = (typeof EU_VAT_PREFIXES)[number];

/** Why a VAT number is refused: no prefix plus body, not an EU prefix, the country's pattern, or its check digits. */
export type VatNumberProblem = 'format' | 'country' | 'checksum';

/**
 * The national part (after the prefix) per member state, as the European Commission's VIES
 * documentation gives it. Ireland: 7 digits and a check letter, optionally a second letter
 * (A–I or W, since 2013), or the old form digit, letter/+/*, 5 digits, check letter. Northern
 * Ireland (XI) uses the UK forms: 9 or 12 digits, GD000–GD499 (government departments) and
 * HA500–HA999 (health authorities).
 */
export const VAT_NUMBER_PATTERNS: Readonly<Record<EuVatPrefix, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
};

const digitsOf = (value: string): number[] => Array.from(value, (char) => Number(char));

/** ISO 7064 MOD 11,10 (the hybrid system): the last digit checks the ones before it. */
export function isValidMod11_10(value: string): boolean {
  const digits = digitsOf(value);
  let product = 10;
  for (const digit of digits.slice(0, -1)) {
    let sum = (digit + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === digits[digits.length - 1];
}

/** Luhn sum of all digits (the check digit included); valid when 0. */
export function luhnChecksum(value: string): number {
  let sum = 0;
  digitsOf(value)
    .reverse()
    .forEach((digit, index) => {
      if (index % 2 === 1) {
        const doubled = digit * 2;
        sum += doubled > 9 ? doubled - 9 : doubled;
      } else {
        sum += digit;
      }
    });
  return sum % 10;
}

/** `big % 97` for a long decimal string without losing precision. */
function mod97(value: string): number {
  let rest = 0;
  for (const char of value) rest = (rest * 10 + Number(char)) % 97;
  return rest;
}

/** Letters as numbers the IBAN way (A = 10 … Z = 35). */
const lettersToDigits = (value: string): string =>
  Array.from(value, (char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char)).join('');

/** Old Dutch form: the 9 digits of the RSIN/BSN pass the "elfproef" (weights 9…2, then −1). */
function isValidDutchElevenTest(nine: string): boolean {
  const digits = digitsOf(nine);
  const sum = digits.slice(0, 8).reduce((total, digit, index) => total + digit * (9 - index), 0) - digits[8]!;
  return sum % 11 === 0;
}

/**
 * Check digits per country, only where the algorithm is public and well established (python-stdnum
 * and the member states' own descriptions agree). Other countries are checked by pattern only.
 * `body` is the national part, already matching the country's pattern.
 */
const CHECKSUMS: Partial<Record<EuVatPrefix, (body: string) => boolean>> = {
  // ISO 7064 MOD 11,10 over the 9 digits; German numbers never start with 0.
  DE: (body) => body[0] !== '0' && isValidMod11_10(body),
  // U + 7 digits + check digit: (6 − Luhn sum of the 7 digits) mod 10 (Luhn weights 1,2,1,2… from the left).
  AT: (body) => {
    const seven = body.slice(1, 8);
    return (((6 - luhnChecksum(seven)) % 10) + 10) % 10 === Number(body[8]);
  },
  // Since 2020 sole traders get a number checked like an IBAN ("NL" + number, mod 97 = 1); older
  // numbers are the RSIN/BSN with the eleven test. Either passes. The branch number is never 00.
  NL: (body) =>
    body.slice(10) !== '00' &&
    Number(body.slice(0, 9)) > 0 &&
    (isValidDutchElevenTest(body.slice(0, 9)) || mod97(lettersToDigits(`NL${body}`)) === 1),
  // The last 2 digits are 97 − (the first 8 mod 97), so 01…97 (never 00).
  BE: (body) => 97 - (Number(body.slice(0, 8)) % 97) === Number(body.slice(8)),
  // Partita IVA: Luhn over all 11 digits; the first 7 (the company number) are never all zero.
  IT: (body) => body.slice(0, 7) !== '0000000' && luhnChecksum(body) === 0,
  // Old form (two digits): key = (12 + 3 × (SIREN mod 97)) mod 97. The newer alphanumeric keys
  // are checked by pattern only.
  FR: (body) => {
    if (!/^\d{2}/.test(body)) return true;
    return Number(body.slice(0, 2)) === mod97(`${body.slice(2)}12`);
  },
};

export function normalizeVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** What is wrong with a VAT number, or null when it passes the local check. */
export function vatNumberProblem(value: string): VatNumberProblem | null {
  const normalized = normalizeVatNumber(value);
  if (!/^[A-Z]{2}[0-9A-Z+*]+$/.test(normalized)) return 'format';
  const prefix = normalized.slice(0, 2);
  if (!(EU_VAT_PREFIXES as readonly string[]).includes(prefix)) return 'country';
  const country = prefix as EuVatPrefix;
  const body = normalized.slice(2);
  if (!VAT_NUMBER_PATTERNS[country].test(body)) return 'format';
  const checksum = CHECKSUMS[country];
  if (checksum && !checksum(body)) return 'checksum';
  return null;
}

/** SPEC §5: a European VAT number with the country's pattern and check digits (the VIES check is separate). */
export function isEuVatNumber(value: string): boolean {
  return vatNumberProblem(value) === null;
}

/** The countries whose check digits are verified locally (the others by pattern only). */
export const VAT_CHECKSUM_COUNTRIES = Object.keys(CHECKSUMS) as EuVatPrefix[];
