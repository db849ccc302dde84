/**
 * Numbers and dates as a reader of the invoice's language expects them: German 1.234,56 € and
 * 31.12.2026, English €1,234.56 and 31 Dec 2026. Money arrives as integer minor units; the number
 * of decimals per currency comes from the same table the e-invoice XML uses, so page and XML agree.
 */
import { currencyExponent } from '../../invoice-reading/einvoice/amounts';
import type { DocumentLanguage } from '../outgoing-invoice';

export interface InvoiceFormat {
  money(minor: number): string;
  /** YYYY-MM-DD → 31.12.2026 / 31 Dec 2026; anything else is printed as it is. */
  date(isoDate: string): string;
  /** Up to four decimals, grouped: 1.234,5 / 1,234.5. */
  quantity(value: number): string;
  /** Basis points → "19 %", "5,5 %" / "5.5 %". */
  percent(basisPoints: number): string;
}

const LOCALES: Record<DocumentLanguage, string> = { de: 'de-DE', en: 'en-GB' };
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Intl separates number and unit with no-break spaces (U+00A0, U+202F). Text extraction hands
 * them on as they are, and the readers of our PDFs (ours included) search for plain spaces.
 */
function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

const formats = new Map<string, InvoiceFormat>();

/** Formatters per language and currency, built once: an Intl formatter costs far more than a call. */
export function invoiceFormat(language: DocumentLanguage, currency: string): InvoiceFormat {
  const key = `${language}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = createFormat(LOCALES[language], currency);
    formats.set(key, format);
  }
  return format;
}

function createFormat(locale: string, currency: string): InvoiceFormat {
  const exponent = currencyExponent(currency);
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  const date = new Intl.DateTimeFormat(
    locale,
    locale === 'de-DE'
      ? { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  );
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const rate = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return {
    money: (minor) => plainSpaces(money.format(minor / 10 ** exponent)),
    date: (isoDate) => {
      const match = ISO_DATE.exec(isoDate);
      if (!match) return isoDate;
      return plainSpaces(date.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))));
    },
    quantity: (value) => plainSpaces(quantity.format(value)),
    // DIN 5008 sets a space before the percent sign; the English layout keeps it for the same column look.
    percent: (basisPoints) => `${plainSpaces(rate.format(basisPoints / 100))} %`,
  };
}

/** An IBAN in groups of four, as printed on paper: DE02 1203 0000 0000 2020 51. */
export function groupIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}
