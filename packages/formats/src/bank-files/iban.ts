import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/** Electronic format (no blanks, upper case) when the checksum is valid, otherwise null. */
export function validIban(text: string): string | null {
  const electronic = electronicFormatIBAN(text);
  return electronic && isValidIBAN(electronic) ? electronic : null;
}
