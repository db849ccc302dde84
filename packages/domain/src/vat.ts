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

const VAT_PATTERN = new RegExp(`^(${EU_VAT_PREFIXES.join('|')})[0-9A-Z+*]{2,12}$`);

export function normalizeVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** SPEC §5: a European VAT number, a two-letter country prefix plus its digits (format only; the VIES check is separate). */
export function isEuVatNumber(value: string): boolean {
  const normalized = normalizeVatNumber(value);
  return VAT_PATTERN.test(normalized) && /\d/.test(normalized.slice(2));
}
