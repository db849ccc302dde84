/**
 * How the e-invoice XML writes values: amounts as xs:decimal with the currency's number of
 * decimals (BR-DEC-*: at most two for EUR), quantities and rates without trailing zeros, dates
 * as CII format 102 (YYYYMMDD) or UBL xs:date. Integers in, exact text out — no floating point
 * on money.
 */
import { currencyExponent } from '../invoice-reading/einvoice/amounts';

export function decimalFromMinor(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount ${minor} is not an integer of minor units`);
  const exponent = currencyExponent(currency);
  const negative = minor < 0;
  const digits = Math.abs(minor)
    .toString()
    .padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? `.${digits.slice(digits.length - exponent)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** 1900 → "19", 550 → "5.5", 0 → "0". */
export function percentFromBasisPoints(basisPoints: number): string {
  return trimZeros((basisPoints / 100).toFixed(2));
}

/** A quantity with at most four decimals (1.5 → "1.5", 2 → "2"). */
export function decimalQuantity(quantity: number): string {
  if (!Number.isFinite(quantity)) throw new RangeError(`quantity ${quantity} is not a number`);
  return trimZeros(quantity.toFixed(4));
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** YYYY-MM-DD → YYYYMMDD (UN/CEFACT date format 102). */
export function ciiDate(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new RangeError(`date ${isoDate} is not YYYY-MM-DD`);
  return isoDate.replaceAll('-', '');
}

/** The specification identifiers (BT-24) Kontor writes. */
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';
export const XRECHNUNG_GUIDELINE = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
/** BT-23, the Peppol billing process, which XRechnung 3 recommends. */
export const PEPPOL_BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
