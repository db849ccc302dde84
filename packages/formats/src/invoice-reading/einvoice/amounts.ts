/**
 * Exact conversions of XML decimal strings: money → integer minor units, percentages → basis
 * points, dates → YYYY-MM-DD. Money never passes through a float, so "0.29" stays 29 and
 * "1436.5" stays 143650; values with more decimals than the currency has are rounded half away
 * from zero (commercial rounding, the same for credits and debits).
 */

/** ISO 4217 currencies whose minor unit is not 2. */
const EXPONENTS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

export function currencyExponent(currency: string | null | undefined): number {
  return currency ? (EXPONENTS[currency.toUpperCase()] ?? 2) : 2;
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * Scales a decimal string by 10^exponent and rounds half away from zero. Null for anything
 * that is not an xs:decimal (no exponent notation, no thousands separators) or not a safe integer.
 */
export function scaleDecimal(raw: string | null | undefined, exponent: number): number | null {
  if (raw === null || raw === undefined) return null;
  const match = DECIMAL.exec(raw.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const kept = fraction.slice(0, exponent).padEnd(exponent, '0');
  let units = BigInt((whole || '0') + kept);
  const nextDigit = fraction.charCodeAt(exponent) - 48;
  if (nextDigit >= 5) units += 1n;
  const value = Number(sign === '-' ? -units : units);
  if (!Number.isSafeInteger(value)) return null;
  return value === 0 ? 0 : value; // no -0
}

/** Money in minor units of the currency. */
export function toMinorUnits(raw: string | null | undefined, currency: string | null | undefined): number | null {
  return scaleDecimal(raw, currencyExponent(currency));
}

/** "19.00" → 1900, "5.5" → 550, "7" → 700. */
export function toBasisPoints(raw: string | null | undefined): number | null {
  return scaleDecimal(raw?.replace(/%$/, ''), 2);
}

/** Quantities are shown, not summed, so a float is good enough here. */
export function toQuantity(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !DECIMAL.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return Number.isFinite(value) ? value : null;
}

function validDate(year: string, month: string, day: string): string | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1) return null;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= daysInMonth ? `${year}-${month}-${day}` : null;
}

/**
 * CII/ZUGFeRD DateTimeString. Format 102 is CCYYMMDD (the only one EN 16931 allows); 610
 * (CCYYMM) becomes the first of the month; 203 (CCYYMMDDHHMM) keeps the date. Without a format
 * attribute an ISO date is accepted too. Unknown format codes yield null (the caller decides).
 */
export function parseCiiDate(raw: string | null | undefined, format: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  const code = format?.trim() || '102';
  let match: RegExpExecArray | null;
  if (code === '102' && (match = /^(\d{4})(\d{2})(\d{2})$/.exec(value))) return validDate(match[1]!, match[2]!, match[3]!);
  if (code === '203' && (match = /^(\d{4})(\d{2})(\d{2})\d{4}$/.exec(value))) return validDate(match[1]!, match[2]!, match[3]!);
  if (code === '610' && (match = /^(\d{4})(\d{2})$/.exec(value))) return validDate(match[1]!, match[2]!, '01');
  if (!format) return parseIsoDate(value);
  return null;
}

/** UBL xs:date, optionally with a time zone ("2019-01-25", "2019-01-25Z", "2019-01-25+01:00"). */
export function parseIsoDate(raw: string | null | undefined): string | null {
  const match = raw ? /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2}|T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?$/.exec(raw.trim()) : null;
  return match ? validDate(match[1]!, match[2]!, match[3]!) : null;
}
