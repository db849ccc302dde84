import { describe, expect, it } from 'vitest';
import type { OutgoingInvoice } from '../outgoing-invoice';
import { epcQrPayload, isCreditorReference } from './epc-qr-payload';
import { decodeQrOnPage } from './pdf-inspection';
import { renderInvoicePdf } from './render-invoice-pdf';
import { ENGLISH_CREDIT_NOTE, GERMAN_INVOICE, LONG_INVOICE } from '../sample-invoices';

function withPayment(payment: Partial<OutgoingInvoice['payment']>, invoice: OutgoingInvoice = GERMAN_INVOICE): OutgoingInvoice {
  return { ...invoice, payment: { ...invoice.payment, ...payment } };
}

function withDue(due: number): OutgoingInvoice {
  return { ...GERMAN_INVOICE, totals: { ...GERMAN_INVOICE.totals, due } };
}

describe('epcQrPayload (EPC069-12 version 002)', () => {
  it('writes the elements line by line, the amount due in euros, the invoice number as remittance text', () => {
    expect(epcQrPayload(GERMAN_INVOICE)?.split('\n')).toEqual([
      'BCD', // service tag
      '002', // version
      '1', // character set UTF-8
      'SCT', // SEPA credit transfer
      'BYLADEM1001',
      'Nordlicht Software GmbH',
      'DE02120300000000202051',
      'EUR5393.21',
      '', // purpose code
      '', // structured creditor reference
      'RE-2026-0042', // unstructured remittance information
    ]);
  });

  it('pays what is still due, not the gross total', () => {
    expect(epcQrPayload(LONG_INVOICE)).toContain('\nEUR10344.00\n');
    expect(epcQrPayload(withDue(1))).toContain('\nEUR0.01\n');
    expect(epcQrPayload(withDue(99_999_999_999))).toContain('\nEUR999999999.99\n');
  });

  it('puts an ISO 11649 creditor reference in the structured field', () => {
    expect(isCreditorReference('RF18 5390 0754 7034')).toBe(true);
    expect(isCreditorReference('RF19 5390 0754 7034')).toBe(false);
    const lines = epcQrPayload(withPayment({ reference: 'RF18 5390 0754 7034' }))?.split('\n');
    expect(lines?.slice(8)).toEqual(['', 'RF18539007547034']);
  });

  it('leaves out an invalid BIC, shortens the name to 70 characters and keeps everything on its line', () => {
    const lines = epcQrPayload(
      withPayment({
        bic: 'nonsense',
        accountName: `Sehr lange Firma\nmit Zeilenumbruch ${'x'.repeat(80)}`,
        reference: 'RE 1\n2',
      }),
    )?.split('\n');
    expect(lines?.[4]).toBe('');
    expect(lines?.[5]).toHaveLength(70);
    expect(lines?.[5]).toMatch(/^Sehr lange Firma mit Zeilenumbruch x+$/);
    expect(lines?.[10]).toBe('RE 1 2');
    expect(lines).toHaveLength(11);
  });

  it('normalises the IBAN', () => {
    expect(epcQrPayload(withPayment({ iban: 'de02 1203 0000 0000 2020 51' }))?.split('\n')[6]).toBe('DE02120300000000202051');
  });

  it('is null when a transfer by GiroCode is impossible or wrong', () => {
    expect(epcQrPayload({ ...GERMAN_INVOICE, currency: 'CHF' })).toBeNull();
    expect(epcQrPayload(withPayment({ iban: null }))).toBeNull();
    expect(epcQrPayload(withPayment({ iban: 'DE02120300000000202052' }))).toBeNull(); // check digits wrong
    expect(epcQrPayload(withDue(0))).toBeNull();
    expect(epcQrPayload(withDue(-500))).toBeNull();
    expect(epcQrPayload(withDue(100_000_000_000))).toBeNull();
    expect(epcQrPayload(ENGLISH_CREDIT_NOTE)).toBeNull(); // the seller pays, not the buyer
  });
});

describe('the GiroCode on the page', () => {
  it('decodes back to the payload when page 1 is rendered at 200 dpi', async () => {
    const pdf = await renderInvoicePdf(GERMAN_INVOICE, { now: new Date('2026-02-02T09:30:00Z') });
    expect(await decodeQrOnPage(pdf, 1, 200)).toBe(epcQrPayload(GERMAN_INVOICE));
  });

  it('carries umlauts in UTF-8', async () => {
    const invoice = withPayment({ accountName: 'Müller & Söhne GmbH', reference: 'Rechnung Ä-17' });
    const pdf = await renderInvoicePdf(invoice, { now: new Date('2026-02-02T09:30:00Z') });
    const decoded = await decodeQrOnPage(pdf, 1, 200);
    expect(decoded).toBe(epcQrPayload(invoice));
    expect(decoded).toContain('Müller & Söhne GmbH');
  });
});
