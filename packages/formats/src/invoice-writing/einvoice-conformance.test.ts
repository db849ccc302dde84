import { describe, expect, it } from 'vitest';
import { validateEinvoiceSchematron, validateEinvoiceXsd, type EinvoiceRuleSet } from '../einvoice-validation';
import { fixtureOrNull } from '../sepa-credit-transfer/fixtures-path';
import { writeCiiInvoice } from './cii';
import type { OutgoingInvoice } from './outgoing-invoice';
import { SAMPLE_INVOICES } from './sample-invoices';
import { writeUblInvoice } from './ubl';

/**
 * Every e-invoice Kontor writes is valid against the CII D16B / UBL 2.1 schemas and breaks none
 * of the EN 16931 rules (ZUGFeRD), nor the XRechnung CIUS rules (XRechnung): checked with the
 * official Schematron files of ../shared/fixtures/einvoice-schemas (compiled once, cached).
 */
const fixtures = fixtureOrNull('einvoice-schemas', 'e-invoice conformance');

async function expectConformant(xml: string, syntax: 'cii' | 'ubl', rules: EinvoiceRuleSet[]) {
  const xsd = await validateEinvoiceXsd(xml, syntax);
  expect(xsd.errors).toEqual([]);
  for (const ruleSet of rules) {
    const { errors, failures } = await validateEinvoiceSchematron(xml, ruleSet);
    expect(errors.map((failure) => `${ruleSet} ${failure.id}: ${failure.text}`)).toEqual([]);
    // Warnings are advice, but Kontor's files should not earn any either.
    expect(failures.map((failure) => `${ruleSet} ${failure.id} (${failure.flag})`)).toEqual([]);
  }
}

/** XRechnung goes to public-sector buyers only, who have a Leitweg-ID (the server refuses others). */
const withLeitwegId = (invoice: OutgoingInvoice): OutgoingInvoice => ({
  ...invoice,
  buyer: { ...invoice.buyer, buyerReference: invoice.buyer.buyerReference ?? '991-33333TEST-33' },
});

describe.skipIf(!fixtures).each(Object.entries(SAMPLE_INVOICES))('%s', (_name, invoice) => {
  it('as ZUGFeRD CII (EN 16931) is XSD and Schematron valid', { timeout: 120_000 }, async () => {
    await expectConformant(writeCiiInvoice(invoice, 'en16931'), 'cii', ['en16931-cii']);
  });

  it('as XRechnung CII is XSD and Schematron valid', { timeout: 120_000 }, async () => {
    await expectConformant(writeCiiInvoice(withLeitwegId(invoice), 'xrechnung'), 'cii', ['en16931-cii', 'xrechnung-cii']);
  });

  it('as XRechnung UBL is XSD and Schematron valid', { timeout: 120_000 }, async () => {
    await expectConformant(writeUblInvoice(withLeitwegId(invoice), 'xrechnung'), 'ubl', ['en16931-ubl', 'xrechnung-ubl']);
  });
});

describe.skipIf(!fixtures)('the rules catch what Kontor refuses to write', () => {
  it('an XRechnung without a buyer reference breaks BR-DE-15, nothing else', { timeout: 120_000 }, async () => {
    const invoice = { ...SAMPLE_INVOICES.LONG_INVOICE, buyer: { ...SAMPLE_INVOICES.LONG_INVOICE.buyer, buyerReference: null } };
    const { errors } = await validateEinvoiceSchematron(writeUblInvoice(invoice, 'xrechnung'), 'xrechnung-ubl');
    expect(errors.map((failure) => failure.id)).toEqual(['BR-DE-15']);
  });

  it('totals that do not add up break BR-CO-15', { timeout: 120_000 }, async () => {
    const invoice = SAMPLE_INVOICES.GERMAN_INVOICE;
    const wrong = { ...invoice, totals: { ...invoice.totals, gross: invoice.totals.gross + 1, due: invoice.totals.due + 1 } };
    const { errors } = await validateEinvoiceSchematron(writeCiiInvoice(wrong, 'en16931'), 'en16931-cii');
    expect(errors.map((failure) => failure.id)).toContain('BR-CO-15');
  });
});
