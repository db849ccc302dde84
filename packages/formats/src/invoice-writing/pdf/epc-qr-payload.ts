/**
 * The GiroCode: an EPC QR code (EPC069-12, version 002) that banking apps scan into a filled-in
 * SEPA credit transfer. One element per line, in this order:
 *
 *   BCD · 002 · 1 (UTF-8) · SCT · BIC (optional in 002) · beneficiary name (≤ 70) · IBAN ·
 *   amount "EUR12.34" (0.01–999999999.99) · purpose code · structured creditor reference (RF…) ·
 *   unstructured remittance (≤ 140; only one of the two references) · note to the payer
 *
 * Trailing empty elements are left out, as the guideline recommends.
 */
import { isValidBIC } from 'ibantools';
import { validIban } from '../../bank-files/iban';
import type { OutgoingInvoice } from '../outgoing-invoice';

const MAX_CENTS = 99_999_999_999;
const MAX_NAME = 70;
const MAX_REFERENCE = 140;

/**
 * The payload for the invoice's amount due, or null when a GiroCode would not work: no (valid)
 * IBAN, a currency other than EUR, nothing or too much to pay, or a credit note (the seller pays,
 * not the buyer).
 */
export function epcQrPayload(invoice: OutgoingInvoice): string | null {
  if (invoice.type !== 'invoice' || invoice.currency.toUpperCase() !== 'EUR') return null;
  const iban = invoice.payment.iban ? validIban(invoice.payment.iban) : null;
  const cents = invoice.totals.due;
  if (!iban || !Number.isSafeInteger(cents) || cents < 1 || cents > MAX_CENTS) return null;
  const bic = invoice.payment.bic?.replace(/\s+/g, '').toUpperCase() ?? '';
  const name = oneLine(invoice.payment.accountName || invoice.seller.name).slice(0, MAX_NAME);
  const reference = oneLine(invoice.payment.reference);
  const structured = isCreditorReference(reference);
  const elements = [
    'BCD',
    '002',
    '1',
    'SCT',
    isValidBIC(bic) ? bic : '',
    name,
    iban,
    `EUR${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    '',
    structured ? reference.replace(/\s+/g, '').toUpperCase() : '',
    structured ? '' : [...reference].slice(0, MAX_REFERENCE).join(''),
  ];
  while (elements[elements.length - 1] === '') elements.pop();
  return elements.join('\n');
}

/** Line breaks would shift every following element; runs of whitespace become one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** An ISO 11649 creditor reference (RF + 2 check digits + up to 21 characters), checksum verified. */
export function isCreditorReference(reference: string): boolean {
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}
