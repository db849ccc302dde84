import { COUNTRY_CODES, EU_COUNTRY_CODES } from '@kontor/domain/counterparties/counterparty-record';
import { intlFormatter } from '@kontor/domain/intl';

export type CountryCode = (typeof COUNTRY_CODES)[number];

export interface CountryOption {
  code: CountryCode;
  name: string;
}

export interface CountryOptions {
  /** EU member states first (SPEC §9), by name. */
  eu: CountryOption[];
  /** Every other country, by name. */
  others: CountryOption[];
}

const EU = new Set<string>(EU_COUNTRY_CODES);
const cache = new Map<string, CountryOptions>();

export function isCountryCode(value: string | null | undefined): value is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(value ?? '');
}

/** The country's name in the interface language ("Deutschland", "Germany"); the code when the runtime has none. */
export function countryName(code: string, locale: string): string {
  try {
    return intlFormatter(Intl.DisplayNames, locale, { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The country select's options in the interface language: the EU first, then the rest, each sorted by name. */
export function countryOptions(locale: string): CountryOptions {
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  const byName = (left: CountryOption, right: CountryOption) => collator.compare(left.name, right.name);
  const all = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code }));
  const options = {
    eu: all.filter((option) => EU.has(option.code)).sort(byName),
    others: all.filter((option) => !EU.has(option.code)).sort(byName),
  };
  cache.set(locale, options);
  return options;
}
