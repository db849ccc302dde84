/**
 * XSD and Schematron validation on official samples (fixtures/einvoice, skipped when absent):
 * valid ones pass, and samples edited here to break one thing fail with the expected rule.
 * The CEN examples are EN 16931 but not XRechnung (no Buyer reference, …), so they are checked
 * against the EN 16931 rules only; the XRechnung test suite's business cases pass both.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateEinvoiceSchematron, validateEinvoiceXsd, type EinvoiceRuleSet } from './index';
import { fixturesRoot } from './schema-files';

const samples = path.join(fixturesRoot(), 'einvoice');
const present = existsSync(samples) && existsSync(path.join(fixturesRoot(), 'einvoice-schemas'));
if (!present)
  console.warn(`E-invoice validation tests skipped: ${fixturesRoot()} lacks einvoice samples or schemas (set KONTOR_FIXTURES)`);

const read = (relative: string): string => readFileSync(path.join(samples, relative), 'utf8');
const xrechnungCii = () => read('xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_uncefact.xml');
const xrechnungUbl = () => read('xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_ubl.xml');

/** Applies [from, to] edits, each of which must match exactly once. */
function edited(xml: string, ...edits: [string, string][]): string {
  for (const [from, to] of edits) {
    expect(xml.split(from).length - 1, from).toBe(1);
    xml = xml.replace(from, to);
  }
  return xml;
}

async function errorIds(xml: string, rules: EinvoiceRuleSet): Promise<string[]> {
  const { errors } = await validateEinvoiceSchematron(xml, rules);
  return [...new Set(errors.map((error) => error.id))].sort();
}

describe.skipIf(!present)('e-invoice validation', () => {
  // The first run compiles the four rule files (about 15 s each for EN 16931) in parallel;
  // later runs read the compiled stylesheets from node_modules/.cache/kontor-schematron.
  beforeAll(async () => {
    await Promise.all([
      validateEinvoiceSchematron(xrechnungCii(), 'en16931-cii'),
      validateEinvoiceSchematron(xrechnungUbl(), 'en16931-ubl'),
      validateEinvoiceSchematron(xrechnungCii(), 'xrechnung-cii'),
      validateEinvoiceSchematron(xrechnungUbl(), 'xrechnung-ubl'),
    ]);
  }, 180_000);

  describe('valid official samples', () => {
    it.each([
      ['xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_uncefact.xml', 'cii', true],
      ['xrechnung-testsuite/business-cases/standard/02.05a-INVOICE_uncefact.xml', 'cii', true],
      ['xrechnung-testsuite/business-cases/standard/01.01a-INVOICE_ubl.xml', 'ubl', true],
      ['xrechnung-testsuite/technical-cases/cius/01.01_comprehensive_test_ubl.xml', 'ubl', true],
      ['cen-en16931/cii/examples/CII_example1.xml', 'cii', false],
      ['cen-en16931/ubl/examples/ubl-tc434-example2.xml', 'ubl', false],
      ['cen-en16931/ubl/examples/ubl-tc434-creditnote1.xml', 'ubl', false],
    ] as const)('%s', async (file, syntax, isXrechnung) => {
      const xml = read(file);
      expect(await validateEinvoiceXsd(xml, syntax)).toEqual({ valid: true, errors: [] });
      expect(await errorIds(xml, `en16931-${syntax}`)).toEqual([]);
      if (isXrechnung) expect(await errorIds(xml, `xrechnung-${syntax}`)).toEqual([]);
    });
  });

  describe('EN 16931 rules', () => {
    it('BR-CO-15: total with VAT differs from net total + VAT (CII and UBL)', async () => {
      const cii = edited(xrechnungCii(), ['<ram:GrandTotalAmount>336.9<', '<ram:GrandTotalAmount>346.9<']);
      expect(await errorIds(cii, 'en16931-cii')).toContain('BR-CO-15');
      const ubl = edited(xrechnungUbl(), [
        '<cbc:TaxInclusiveAmount currencyID="EUR">336.9<',
        '<cbc:TaxInclusiveAmount currencyID="EUR">346.9<',
      ]);
      const { errors } = await validateEinvoiceSchematron(ubl, 'en16931-ubl');
      expect(errors.find((error) => error.id === 'BR-CO-15')).toMatchObject({
        flag: 'fatal',
        location: '/Q{urn:oasis:names:specification:ubl:schema:xsd:Invoice-2}Invoice[1]',
        text: expect.stringMatching(/^\[BR-CO-15\]-Invoice total amount with VAT/),
      });
      // The edited documents are still schema-valid: only the rules catch this.
      expect((await validateEinvoiceXsd(cii, 'cii')).valid).toBe(true);
      expect((await validateEinvoiceXsd(ubl, 'ubl')).valid).toBe(true);
    });

    it("BR-09: the seller's country code is missing", async () => {
      // In CII the seller comes before the buyer, so the first CountryID is the seller's.
      const cii = xrechnungCii().replace('<ram:CountryID>DE</ram:CountryID>', '');
      expect(await errorIds(cii, 'en16931-cii')).toEqual(['BR-09']);
    });
  });

  describe('XRechnung rules', () => {
    it('BR-DE-15: the Buyer reference is missing (CII and UBL)', async () => {
      const cii = edited(xrechnungCii(), ['<ram:BuyerReference>04011000-12345-03</ram:BuyerReference>', '']);
      expect(await errorIds(cii, 'xrechnung-cii')).toEqual(['BR-DE-15']);
      const ubl = edited(xrechnungUbl(), ['<cbc:BuyerReference>04011000-12345-03</cbc:BuyerReference>', '']);
      const { errors } = await validateEinvoiceSchematron(ubl, 'xrechnung-ubl');
      expect(errors).toEqual([
        {
          id: 'BR-DE-15',
          flag: 'fatal',
          location: '/Q{urn:oasis:names:specification:ubl:schema:xsd:Invoice-2}Invoice[1]',
          text: '[BR-DE-15] Das Element "Buyer reference" (BT-10) muss übermittelt werden.',
        },
      ]);
    });

    it('BR-DE-18: a malformed Skonto line, with <name/> and <value-of/> filled in', async () => {
      const ubl = edited(xrechnungUbl(), [
        '<cbc:Note>Zahlbar sofort ohne Abzug.</cbc:Note>',
        '<cbc:Note>#SKONTO#TAGE=7#PROZENT=2#\n</cbc:Note>',
      ]);
      const { errors } = await validateEinvoiceSchematron(ubl, 'xrechnung-ubl');
      expect(errors.map((error) => error.id)).toEqual(['BR-DE-18']);
      // <name/> gives the context element's name as written in the document (ubl:Invoice here).
      expect(errors[0]?.text).toMatch(
        /^\[BR-DE-18\] Skonto Zeilen in ubl:Invoice müssen diesem regulärem Ausdruck entsprechen: \(\^\|\\r\?\\n\)#\(SKONTO\)#TAGE=/,
      );
    });
  });

  describe('XSD', () => {
    it('rejects an element the schema does not define (CII and UBL)', async () => {
      const cii = edited(xrechnungCii(), ['<ram:BuyerReference>', '<ram:Unknown>1</ram:Unknown><ram:BuyerReference>']);
      const ciiResult = await validateEinvoiceXsd(cii, 'cii');
      expect(ciiResult.valid).toBe(false);
      expect(ciiResult.errors.join('\n')).toMatch(/Unknown.*This element is not expected/);
      const ubl = edited(xrechnungUbl(), ['<cbc:BuyerReference>', '<cbc:Unknown>1</cbc:Unknown><cbc:BuyerReference>']);
      const ublResult = await validateEinvoiceXsd(ubl, 'ubl');
      expect(ublResult.valid).toBe(false);
      expect(ublResult.errors.join('\n')).toMatch(/^line 12: .*Unknown.*This element is not expected/);
    });

    it('checks a credit note against the CreditNote schema', async () => {
      const creditNote = read('cen-en16931/ubl/examples/ubl-tc434-creditnote1.xml');
      expect((await validateEinvoiceXsd(creditNote, 'ubl')).valid).toBe(true);
      // An invoice element inside a credit note is not allowed by the CreditNote schema.
      const mixed = edited(creditNote, ['<cac:CreditNoteLine>', '<cac:InvoiceLine/><cac:CreditNoteLine>']);
      expect((await validateEinvoiceXsd(mixed, 'ubl')).valid).toBe(false);
    });

    it('names a UBL root element that is neither Invoice nor CreditNote', async () => {
      expect(await validateEinvoiceXsd('<?xml version="1.0"?>\n<!-- order --><Order xmlns="urn:x"/>', 'ubl')).toEqual({
        valid: false,
        errors: ['UBL root element must be Invoice or CreditNote, not Order'],
      });
    });
  });
});
