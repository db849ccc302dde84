import { composeIBAN, electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** IBAN checks with ibantools (country length and mod-97 checksum); input may contain spaces. */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();
}

export function isIban(value: string): boolean {
  return isValidIBAN(normalizeIban(value));
}

export function formatIban(value: string): string {
  return friendlyFormatIBAN(normalizeIban(value)) ?? value;
}

export function isBic(value: string): boolean {
  return isValidBIC(value.replace(/\s+/g, '').toUpperCase());
}

/** An IBAN from its country and BBAN with the check digits computed (the sandbox bank's accounts); null for a BBAN the country's format refuses. */
export function composeIban(countryCode: string, bban: string): string | null {
  const iban = composeIBAN({ countryCode, bban });
  return iban && isValidIBAN(iban) ? iban : null;
}
