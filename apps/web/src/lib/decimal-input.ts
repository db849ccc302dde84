import { intlFormatter } from '@kontor/domain/intl';
/**
 * German number entry for money, percentages and quantities (SPEC §1: German number format).
 * Values are exact integers in units of 10^-scale: cents (scale 2), basis points (a percentage
 * with scale 2: "19" → 1900) and thousandths of a quantity (scale 3).
 */
export type DecimalParseResult = { ok: true; value: number | null } | { ok: false };

const INVALID: DecimalParseResult = { ok: false };
const GROUPED_INTEGER = /^\d{1,3}(\.\d{3})+$/;

/**
 * Reads "1.234,56", "1234,56", "-12", "19 %" or "1 234,5 €". A comma is the decimal separator
 * and dots group thousands; without a comma a dot followed by exactly three digits still groups
 * ("1.234" = 1234, as a German reads it), any other single dot is a decimal point ("12.5").
 * Empty text is null; more fraction digits than the scale is invalid, never silently rounded.
 */
export function parseDecimal(text: string, scale: number): DecimalParseResult {
  let body = text.replace(/[\s\u00a0\u202f€$£%]/g, '').replace(/^(EUR|USD|GBP)|(EUR|USD|GBP)$/i, '');
  if (body === '') return { ok: true, value: null };
  let sign = 1;
  if (body.startsWith('-') || body.startsWith('\u2212')) {
    sign = -1;
    body = body.slice(1);
  }
  let integerPart: string;
  let fractionPart = '';
  if (body.includes(',')) {
    const parts = body.split(',');
    if (parts.length !== 2) return INVALID;
    integerPart = parts[0] ?? '';
    fractionPart = parts[1] ?? '';
    if (integerPart.includes('.')) {
      if (!GROUPED_INTEGER.test(integerPart)) return INVALID;
      integerPart = integerPart.replaceAll('.', '');
    }
  } else if (GROUPED_INTEGER.test(body)) {
    integerPart = body.replaceAll('.', '');
  } else if (body.includes('.')) {
    const parts = body.split('.');
    if (parts.length !== 2) return INVALID;
    integerPart = parts[0] ?? '';
    fractionPart = parts[1] ?? '';
  } else {
    integerPart = body;
  }
  if (!/^\d*$/.test(integerPart) || !/^\d*$/.test(fractionPart)) return INVALID;
  if (integerPart === '' && fractionPart === '') return INVALID;
  if (fractionPart.length > scale) return INVALID;
  const value = Number(integerPart || '0') * 10 ** scale + Number(fractionPart.padEnd(scale, '0') || '0');
  if (!Number.isSafeInteger(value)) return INVALID;
  return { ok: true, value: value === 0 ? 0 : sign * value };
}

/** An integer in units of 10^-scale as German text: formatDecimal(123456, 2, 2) → "1.234,56". */
export function formatDecimal(value: number | null | undefined, scale: number, minimumFractionDigits: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const options = { minimumFractionDigits, maximumFractionDigits: scale, useGrouping: true };
  return intlFormatter(Intl.NumberFormat, 'de-DE', options).format(value / 10 ** scale);
}

/** How each kind of number is entered and shown. */
export interface DecimalKind {
  scale: number;
  minimumFractionDigits: number;
}

export const MONEY_INPUT: DecimalKind = { scale: 2, minimumFractionDigits: 2 };
/** Percentages travel as basis points: 19 % = 1900. */
export const PERCENT_INPUT: DecimalKind = { scale: 2, minimumFractionDigits: 0 };
/** Quantities travel in thousandths: 1,5 = 1500. */
export const QUANTITY_INPUT: DecimalKind = { scale: 3, minimumFractionDigits: 0 };

export const parseMoneyInput = (text: string) => parseDecimal(text, MONEY_INPUT.scale);
export const formatMoneyInput = (minorUnits: number | null | undefined) =>
  formatDecimal(minorUnits, MONEY_INPUT.scale, MONEY_INPUT.minimumFractionDigits);
export const parsePercentInput = (text: string) => parseDecimal(text, PERCENT_INPUT.scale);
export const formatPercentInput = (basisPoints: number | null | undefined) =>
  formatDecimal(basisPoints, PERCENT_INPUT.scale, PERCENT_INPUT.minimumFractionDigits);
export const parseQuantityInput = (text: string) => parseDecimal(text, QUANTITY_INPUT.scale);
export const formatQuantityInput = (thousandths: number | null | undefined) =>
  formatDecimal(thousandths, QUANTITY_INPUT.scale, QUANTITY_INPUT.minimumFractionDigits);
