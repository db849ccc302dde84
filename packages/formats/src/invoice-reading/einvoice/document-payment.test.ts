/**
 * Payment means, the named account and the payee on real samples (fixtures/einvoice, skipped
 * when absent) and on an EN 16931 sample edited here to cover what no sample holds.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExtractedInvoice } from '../extracted-invoice';
import { paymentMeansKind } from './document-payment';
import { readEInvoicePdf } from './read-pdf';
import { readEInvoiceXml } from './read-xml';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const fixtures = path.join(process.env.KONTOR_FIXTURES ?? path.resolve(repoRoot, '../shared/fixtures'), 'einvoice');
const present = existsSync(path.join(fixtures, 'zugferd-corpus'));
const corpus = (relative: string): string => path.join(fixtures, 'zugferd-corpus', relative);
const V2 = 'ZUGFeRDv2/correct/intarsys/EN16931/';
const EINFACH_CII = 'XML-Rechnung/CII/EN16931_Einfach.cii.xml';
const EINFACH_UBL = 'XML-Rechnung/UBL/EN16931_Einfach.ubl.xml';

async function readPdf(relative: string): Promise<ExtractedInvoice> {
  const invoice = await readEInvoicePdf(new Uint8Array(readFileSync(corpus(relative))));
  if (!invoice) throw new Error(`${relative} holds no e-invoice`);
  return invoice;
}

const text = (relative: string): string => readFileSync(corpus(relative), 'utf8');

/** Replaces exactly one occurrence, so that an edit can't silently miss. */
function edit(xml: string, from: string, to: string): string {
  expect(xml.split(from)).toHaveLength(2);
  return xml.replace(from, to);
}

const CII_SETTLEMENT = '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>';

function ciiWithMeans(means: string, payee = ''): ExtractedInvoice {
  return readEInvoiceXml(edit(text(EINFACH_CII), CII_SETTLEMENT, `${CII_SETTLEMENT}${payee}${means}`));
}

function ciiTransfer(iban: string, code = '58'): string {
  return `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>${code}</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount>${iban}</ram:PayeePartyCreditorFinancialAccount><ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>cobadeffxxx</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution></ram:SpecifiedTradeSettlementPaymentMeans>`;
}

describe('paymentMeansKind (UNCL 4461)', () => {
  it('groups the codes by what Kontor does with them', () => {
    const kinds = (codes: string[]) => codes.map(paymentMeansKind);
    expect(kinds(['49', '59'])).toEqual(['direct_debit', 'direct_debit']);
    expect(kinds(['48', '54', '55'])).toEqual(['card', 'card', 'card']);
    expect(kinds(['30', '31', '42', '57', '58', '1', 'ZZZ', 'zzz', ' 68 '])).toEqual(Array(9).fill('transfer'));
    expect(kinds(['10', '20', '97', '4', '60'])).toEqual(Array(5).fill('other'));
    expect(paymentMeansKind(null)).toBeNull();
    expect(paymentMeansKind(' ')).toBeNull();
  });
});

describe.skipIf(!present)('payment details of the FeRD samples', () => {
  it('names the payee and its (checksum-broken) IBAN in AbweichenderZahlungsempf', async () => {
    const invoice = await readPdf(`${V2}zugferd_2p0_EN16931_AbweichenderZahlungsempf.pdf`);
    expect(invoice.payee?.name?.value).toBe('Factoring GmbH');
    expect(invoice.paymentMeans?.value).toBe('transfer');
    // DE12123456781234567890 fails mod-97: shown as written, never offered as the IBAN to pay.
    expect(invoice.documentAccount?.value).toEqual({ iban: 'DE12123456781234567890', isValid: false, bic: null, role: 'payee' });
    expect(invoice.iban).toBeUndefined();
    expect(invoice.ruleWarnings).toEqual([]);
  });

  it('reads the SEPA pre-notifications as direct debits of the buyer’s account (2.0 and 1.0)', async () => {
    const v2 = await readPdf(`${V2}zugferd_2p0_EN16931_SEPA_Prenotification.pdf`);
    expect(v2.paymentMeans?.value).toBe('direct_debit');
    expect(v2.iban).toBeUndefined();
    expect(v2.documentAccount?.value).toEqual({ iban: 'DE21860000000086001055', isValid: true, bic: null, role: 'debited' });
    const v1 = await readPdf('ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_COMFORT_SEPA_Prenotification.pdf');
    expect(v1.syntax).toBe('ZUGFeRD1');
    expect(v1.paymentMeans?.value).toBe('direct_debit');
    expect(v1.iban).toBeUndefined();
    expect(v1.documentAccount?.value).toEqual({
      iban: 'DE21860000000086001055',
      isValid: true,
      bic: 'MARKDEF1860',
      role: 'debited',
    });
    expect([v1.payee, v2.payee]).toEqual([undefined, undefined]);
  });

  it('leaves the payment fields absent for the Einfach samples, which name no payment means', async () => {
    const invoices = [
      readEInvoiceXml(text(EINFACH_CII)),
      readEInvoiceXml(text(EINFACH_UBL)),
      await readPdf('ZUGFeRDv2/correct/intarsys/BASIC/zugferd_2p0_BASIC_Einfach.pdf'),
    ];
    for (const invoice of invoices) {
      expect(invoice.invoiceNumber?.value).toBe('471102');
      expect([invoice.paymentMeans, invoice.documentAccount, invoice.iban, invoice.payee]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      expect(invoice.ruleWarnings).toEqual([]);
    }
  });

  it('reads the seller’s transfer account (XRechnung Betriebskostenabrechnung CII and UBL)', () => {
    for (const file of ['CII/XRECHNUNG_Betriebskostenabrechnung.cii.xml', 'UBL/XRECHNUNG_Betriebskostenabrechnung.ubl.xml']) {
      const invoice = readEInvoiceXml(text(`XML-Rechnung/${file}`));
      expect(invoice.paymentMeans?.value).toBe('transfer');
      expect(invoice.documentAccount?.value).toEqual({
        iban: 'DE02120300000000202051',
        isValid: true,
        bic: 'BYLADEM1001',
        role: 'seller',
      });
      expect([invoice.iban?.value, invoice.bic?.value]).toEqual(['DE02120300000000202051', 'BYLADEM1001']);
      expect(invoice.ruleWarnings).toEqual([]);
    }
  });

  it('reads a ZUGFeRD 1.0 BASIC account without type code as the seller’s, means left open', async () => {
    const invoice = await readPdf('ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_BASIC_Einfach.pdf');
    expect(invoice.paymentMeans).toBeUndefined();
    expect(invoice.documentAccount?.value).toEqual({
      iban: 'DE08700901001234567890',
      isValid: true,
      bic: 'GENODEF1M04',
      role: 'seller',
    });
    expect(invoice.iban?.value).toBe('DE08700901001234567890');
    expect(invoice.ruleWarnings).toEqual([]);
  });
});

describe.skipIf(!present)('payment details of edited samples', () => {
  it('keeps a checksum-broken IBAN as written, without offering it', () => {
    const invoice = ciiWithMeans(ciiTransfer('<ram:IBANID>de89 3704 0044 0532 0130 01</ram:IBANID>'));
    expect(invoice.paymentMeans?.value).toBe('transfer');
    expect(invoice.documentAccount?.value).toEqual({
      iban: 'DE89370400440532013001',
      isValid: false,
      bic: 'COBADEFFXXX',
      role: 'seller',
    });
    expect([invoice.iban, invoice.bic]).toEqual([undefined, undefined]);
  });

  it('offers a valid IBAN and names it as the seller’s account', () => {
    const invoice = ciiWithMeans(ciiTransfer('<ram:IBANID>DE89 3704 0044 0532 0130 00</ram:IBANID>', '30'));
    expect(invoice.documentAccount?.value).toEqual({
      iban: 'DE89370400440532013000',
      isValid: true,
      bic: 'COBADEFFXXX',
      role: 'seller',
    });
    expect([invoice.iban?.value, invoice.bic?.value]).toEqual(['DE89370400440532013000', 'COBADEFFXXX']);
  });

  it('reads a CII payee and its proprietary account id written like an IBAN', () => {
    const payee =
      '<ram:PayeeTradeParty><ram:ID>4711</ram:ID><ram:Name>Factoring AG</ram:Name><ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE 999999999</ram:ID></ram:SpecifiedTaxRegistration></ram:PayeeTradeParty>';
    const invoice = ciiWithMeans(ciiTransfer('<ram:ProprietaryID>DE89370400440532013000</ram:ProprietaryID>'), payee);
    expect(invoice.payee).toEqual({
      name: { value: 'Factoring AG', confidence: 1, source: 'xml' },
      vatId: { value: 'DE999999999', confidence: 1, source: 'xml' },
    });
    expect(invoice.documentAccount?.value).toMatchObject({ iban: 'DE89370400440532013000', isValid: true, role: 'payee' });
    // `iban` stays what it was: only the IBAN field is offered for payment.
    expect(invoice.iban).toBeUndefined();
    const national = ciiWithMeans(ciiTransfer('<ram:ProprietaryID>1234567890</ram:ProprietaryID>'));
    expect(national.documentAccount).toBeUndefined();
  });

  it('reads a UBL PayeeParty and its account as the payee’s', () => {
    const payee =
      '<cac:PayeeParty><cac:PartyIdentification><cbc:ID>4711</cbc:ID></cac:PartyIdentification><cac:PartyName><cbc:Name>Factoring AG</cbc:Name></cac:PartyName><cac:PartyLegalEntity><cbc:CompanyID>HRB 1</cbc:CompanyID></cac:PartyLegalEntity></cac:PayeeParty>';
    const means =
      '<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>DE89370400440532013000</cbc:ID><cac:FinancialInstitutionBranch><cbc:ID>COBADEFFXXX</cbc:ID></cac:FinancialInstitutionBranch></cac:PayeeFinancialAccount></cac:PaymentMeans>';
    let xml = edit(text(EINFACH_UBL), '<cac:Delivery>', `${payee}<cac:Delivery>`);
    xml = edit(xml, '<cac:PaymentTerms>', `${means}<cac:PaymentTerms>`);
    const invoice = readEInvoiceXml(xml);
    expect(invoice.payee?.name?.value).toBe('Factoring AG');
    expect(invoice.paymentMeans?.value).toBe('transfer');
    expect(invoice.documentAccount?.value).toEqual({
      iban: 'DE89370400440532013000',
      isValid: true,
      bic: 'COBADEFFXXX',
      role: 'payee',
    });
    expect(invoice.iban?.value).toBe('DE89370400440532013000');
    expect(invoice.ruleWarnings).toEqual([]);
    const registered = readEInvoiceXml(
      edit(
        xml,
        '<cac:PartyName><cbc:Name>Factoring AG</cbc:Name></cac:PartyName><cac:PartyLegalEntity>',
        '<cac:PartyLegalEntity><cbc:RegistrationName>Factoring KG</cbc:RegistrationName>',
      ),
    );
    expect(registered.payee?.name?.value).toBe('Factoring KG');
  });

  it('reads a UBL direct debit mandate as the debited account, not the one to pay', () => {
    const means =
      '<cac:PaymentMeans><cbc:PaymentMeansCode>59</cbc:PaymentMeansCode><cac:PaymentMandate><cbc:ID>MANDATE-1</cbc:ID><cac:PayerFinancialAccount><cbc:ID>DE89 3704 0044 0532 0130 00</cbc:ID></cac:PayerFinancialAccount></cac:PaymentMandate></cac:PaymentMeans>';
    const invoice = readEInvoiceXml(edit(text(EINFACH_UBL), '<cac:PaymentTerms>', `${means}<cac:PaymentTerms>`));
    expect(invoice.paymentMeans?.value).toBe('direct_debit');
    expect(invoice.documentAccount?.value).toEqual({ iban: 'DE89370400440532013000', isValid: true, bic: null, role: 'debited' });
    expect(invoice.iban).toBeUndefined();
  });

  it('prefers a transfer account over the debited one, and names none for a card', () => {
    const debit =
      '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>59</ram:TypeCode><ram:PayerPartyDebtorFinancialAccount><ram:IBANID>DE21860000000086001055</ram:IBANID></ram:PayerPartyDebtorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>';
    const both = ciiWithMeans(debit + ciiTransfer('<ram:IBANID>DE89370400440532013000</ram:IBANID>'));
    expect(both.paymentMeans?.value).toBe('direct_debit');
    expect(both.documentAccount?.value).toMatchObject({ iban: 'DE89370400440532013000', role: 'seller' });
    const card = ciiWithMeans(
      '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>54</ram:TypeCode><ram:ApplicableTradeSettlementFinancialCard><ram:ID>1234</ram:ID></ram:ApplicableTradeSettlementFinancialCard></ram:SpecifiedTradeSettlementPaymentMeans>',
    );
    expect([card.paymentMeans?.value, card.documentAccount]).toEqual(['card', undefined]);
  });
});
