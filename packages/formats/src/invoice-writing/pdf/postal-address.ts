/** Addresses as DIN 5008 prints them: name, street, postal code and city, the country when abroad. */
import type { DocumentLanguage, OutgoingParty } from '../outgoing-invoice';

/** The lines of `party`'s address; the country, in capitals, only when it differs from `homeCountry`. */
export function addressLines(party: OutgoingParty, homeCountry: string, language: DocumentLanguage): string[] {
  const { street, postalCode, city, countryCode } = party.address;
  const place = [postalCode, city].filter(Boolean).join(' ');
  const lines = [party.name, street ?? '', place].filter((line) => line.trim() !== '');
  if (countryCode.toUpperCase() !== homeCountry.toUpperCase()) lines.push(countryName(countryCode, language).toUpperCase());
  return lines;
}

const regionNames = new Map<DocumentLanguage, Intl.DisplayNames>();

export function countryName(countryCode: string, language: DocumentLanguage): string {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    regionNames.set(language, names);
  }
  try {
    return names.of(countryCode.toUpperCase()) ?? countryCode;
  } catch {
    // Not a well-formed region code: print what we were given rather than fail the invoice.
    return countryCode;
  }
}
