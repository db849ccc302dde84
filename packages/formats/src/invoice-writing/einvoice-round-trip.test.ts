import { describe, expect, it } from 'vitest';
import { readEInvoiceXml } from '../invoice-reading/einvoice';
import { writeCiiInvoice } from './cii';
import type { OutgoingInvoice } from './outgoing-invoice';
import { SAMPLE_INVOICES } from './sample-invoices';
import { writeUblInvoice } from './ubl';

/** Kontor's own reader must read every written e-invoice back to exactly the values written. */
function expectReadBack(invoice: OutgoingInvoice, xml: string): void {
  const read = readEInvoiceXml(xml);
  expect(read.invoiceNumber?.value).toBe(invoice.number);
  expect(read.type?.value).toBe(invoice.type);
  expect(read.date?.value).toBe(invoice.issueDate);
  expect(read.dueDate?.value).toBe(invoice.dueDate);
  expect(read.currency?.value).toBe(invoice.currency);
  expect(read.netAmount?.value).toBe(invoice.totals.net);
  expect(read.taxAmount?.value).toBe(invoice.totals.tax);
  expect(read.totalAmount?.value).toBe(invoice.totals.gross);
  expect(read.amountDue?.value).toBe(invoice.totals.due);
  expect(read.prepaidAmount?.value ?? 0).toBe(invoice.totals.paid);
  expect(read.iban?.value).toBe(invoice.payment.iban);
  expect(read.bic?.value).toBe(invoice.payment.bic);
  expect(read.remittanceInformation?.value).toBe(invoice.payment.reference);
  for (const [side, party] of [
    ['seller', invoice.seller],
    ['buyer', invoice.buyer],
  ] as const) {
    expect(read[side].name?.value).toBe(party.name);
    expect(read[side].vatId?.value ?? null).toBe(party.vatId);
    expect(read[side].address?.value).toEqual({
      street: party.address.street,
      postalCode: party.address.postalCode,
      city: party.address.city,
      countryCode: party.address.countryCode,
    });
  }
  expect(read.taxBreakdown).toEqual(
    invoice.taxBreakdown.map((tax) => ({ rate: tax.rate, basis: tax.basis, tax: tax.tax, category: tax.taxCategory })),
  );
  expect(read.lineItems).toEqual(
    invoice.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit: line.unitCode,
      unitPrice: line.unitPrice,
      totalPrice: line.netAmount,
      taxRate: line.taxRate,
    })),
  );
  const skonto = invoice.payment.skonto;
  if (skonto) expect(read.skonto?.value).toMatchObject({ rate: skonto.rate, days: skonto.days });
  else expect(read.skonto).toBeUndefined();
  if (invoice.servicePeriod) {
    expect(read.billingPeriodStart?.value).toBe(invoice.servicePeriod.start);
    expect(read.billingPeriodEnd?.value).toBe(invoice.servicePeriod.end);
  } else {
    expect(read.deliveryDate?.value).toBe(invoice.issueDate);
  }
  expect(read.ruleWarnings).toEqual([]);
}

describe.each(Object.entries(SAMPLE_INVOICES))('%s', (_name, invoice) => {
  it('CII (ZUGFeRD EN 16931) reads back to the same values', () => {
    const xml = writeCiiInvoice(invoice, 'en16931');
    expectReadBack(invoice, xml);
    expect(readEInvoiceXml(xml).profile).toBe('urn:cen.eu:en16931:2017');
  });

  it('CII (XRechnung) reads back to the same values', () => {
    expectReadBack(invoice, writeCiiInvoice(invoice, 'xrechnung'));
  });

  it('UBL (XRechnung) reads back to the same values', () => {
    const xml = writeUblInvoice(invoice, 'xrechnung');
    expect(xml).toContain(invoice.type === 'invoice' ? '<Invoice xmlns=' : '<CreditNote xmlns=');
    expectReadBack(invoice, xml);
  });
});

describe('writing values', () => {
  it('escapes markup in free text', () => {
    const invoice = { ...SAMPLE_INVOICES.ENGLISH_CREDIT_NOTE, notes: 'Müller & Söhne <GmbH>' };
    const xml = writeCiiInvoice(invoice);
    expect(xml).toContain('Müller &amp; Söhne &lt;GmbH&gt;');
    expect(readEInvoiceXml(xml).notes).toContain('Müller & Söhne <GmbH>');
  });

  it('writes the skonto line XRechnung defines, last and followed by a line break', () => {
    const xml = writeUblInvoice(SAMPLE_INVOICES.GERMAN_INVOICE);
    expect(xml).toMatch(/#SKONTO#TAGE=14#PROZENT=2\.00#\n<\/cbc:Note>/);
  });
});
