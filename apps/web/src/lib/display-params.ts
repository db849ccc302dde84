import type { Locale } from '@kontor/domain/auth';
import { formatIban } from '@kontor/domain/iban';
import { formatDate, formatMoney } from './format';

type Params = Record<string, string | number>;

const MONEY_KEYS = new Set(['amount', 'averageAmount']);
const DATE_KEYS = new Set(['date', 'from', 'to', 'changedAt']);
const IBAN_KEYS = new Set(['iban']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Minor units as a number, or a decimal text from a bank file ("1234.5") → money in the German format. */
function money(value: string | number, currency: string): string {
  const minor = typeof value === 'number' ? value : DECIMAL.test(value) ? Math.round(Number(value) * 100) : null;
  if (minor === null) return String(value);
  try {
    return formatMoney(minor, currency);
  } catch {
    // A currency code Intl does not know (a bank file may carry anything): show it as it came.
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/**
 * The parameters of a flag or import problem as the sentence shows them: amounts as money (flags
 * send minor units, bank files decimals), IBANs grouped, dates in the interface language.
 */
export function displayParams(params: Params | undefined, locale: Locale): Params {
  if (!params) return {};
  const currency = typeof params.currency === 'string' && params.currency ? params.currency : 'EUR';
  const shown: Params = {};
  for (const [key, value] of Object.entries(params)) {
    if (MONEY_KEYS.has(key)) shown[key] = money(value, currency);
    else if (IBAN_KEYS.has(key) && typeof value === 'string') shown[key] = formatIban(value);
    else if (DATE_KEYS.has(key) && typeof value === 'string' && ISO_DATE.test(value))
      shown[key] = formatDate(value, locale) || value;
    else shown[key] = value;
  }
  return shown;
}
