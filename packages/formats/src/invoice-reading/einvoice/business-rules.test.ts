/**
 * EN 16931 rule warnings on the FeRD "Einfach" sample (fixtures/einvoice, skipped when absent),
 * edited here to break one rule at a time: the document is still read, the warning names the rule.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExtractedInvoice } from '../extracted-invoice';
import { readEInvoiceXml } from './read-xml';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const fixtures = path.join(process.env.KONTOR_FIXTURES ?? path.resolve(repoRoot, '../shared/fixtures'), 'einvoice');
const sample = (relative: string): string => path.join(fixtures, 'zugferd-corpus/XML-Rechnung', relative);
const present = existsSync(sample('CII/EN16931_Einfach.cii.xml'));

const cii = (): string => readFileSync(sample('CII/EN16931_Einfach.cii.xml'), 'utf8');
const ubl = (): string => readFileSync(sample('UBL/EN16931_Einfach.ubl.xml'), 'utf8');

/** Applies [from, to] edits, each of which must match exactly once. */
function edited(xml: string, ...edits: [string | RegExp, string][]): ExtractedInvoice {
  for (const [from, to] of edits) {
    const matches = typeof from === 'string' ? xml.split(from).length - 1 : (xml.match(new RegExp(from, 'g')) ?? []).length;
    expect(matches, String(from)).toBe(1);
    xml = xml.replace(from, to);
  }
  return readEInvoiceXml(xml);
}

const rules = (invoice: ExtractedInvoice) => invoice.ruleWarnings.map((w) => [w.code, w.rule, w.params]);

describe.skipIf(!present)('EN 16931 rule warnings', () => {
  it('finds none in the untouched samples', () => {
    expect(readEInvoiceXml(cii()).ruleWarnings).toEqual([]);
    expect(readEInvoiceXml(ubl()).ruleWarnings).toEqual([]);
  });

  it('BR-26: a line without net price is still read, with its line id', () => {
    const net =
      /<ram:NetPriceProductTradePrice>\s*<ram:ChargeAmount>5\.5000<\/ram:ChargeAmount>\s*<\/ram:NetPriceProductTradePrice>/;
    const invoice = edited(cii(), [net, '']);
    expect(invoice.invoiceNumber?.value).toBe('471102');
    expect(invoice.lineItems).toHaveLength(2);
    expect(invoice.lineItems[1]?.unitPrice).toBeNull();
    expect(invoice.ruleWarnings).toEqual([{ code: 'line_net_price_missing', rule: 'BR-26', params: { line: '2' } }]);
    // Without line ids the 1-based position names the line.
    const withoutIds = edited(cii(), [net, ''], ['<ram:LineID>2</ram:LineID>', '']);
    expect(rules(withoutIds)).toEqual([['line_net_price_missing', 'BR-26', { line: 2 }]]);
  });

  it('BR-CO-15 and BR-CO-16: totals that don’t add up, stated and computed as written', () => {
    const invoice = edited(cii(), ['<ram:GrandTotalAmount>529.87<', '<ram:GrandTotalAmount>529.97<']);
    expect(invoice.totalAmount?.value).toBe(52997);
    expect(rules(invoice)).toEqual([
      ['grand_total_mismatch', 'BR-CO-15', { stated: '529.97', computed: '529.87' }],
      ['amount_due_mismatch', 'BR-CO-16', { stated: '529.87', computed: '529.97' }],
    ]);
  });

  it('BR-CO-10 and BR-CO-13: line sum and tax basis, with document allowances and charges', () => {
    const lineSum = edited(cii(), ['<ram:LineTotalAmount>275.00<', '<ram:LineTotalAmount>275.01<']);
    expect(rules(lineSum)).toEqual([['line_total_sum_mismatch', 'BR-CO-10', { stated: '473.00', computed: '473.01' }]]);
    const basis = edited(
      cii(),
      ['<ram:ChargeTotalAmount>0.00<', '<ram:ChargeTotalAmount>10.00<'],
      ['<ram:AllowanceTotalAmount>0.00<', '<ram:AllowanceTotalAmount>5.5<'],
    );
    expect(rules(basis)).toEqual([['tax_basis_total_mismatch', 'BR-CO-13', { stated: '473.00', computed: '477.50' }]]);
  });

  it('compares exactly across notations and takes prepaid amounts and rounding into account', () => {
    // UBL writes "473" where CII writes "473.00": equal, no warning.
    expect(readEInvoiceXml(ubl()).ruleWarnings).toEqual([]);
    const paid = edited(
      ubl(),
      ['<cbc:PrepaidAmount currencyID="EUR">0<', '<cbc:PrepaidAmount currencyID="EUR">29.87<'],
      ['<cbc:PayableAmount currencyID="EUR">529.87<', '<cbc:PayableAmount currencyID="EUR">500.01<'],
    );
    expect(rules(paid)).toEqual([['amount_due_mismatch', 'BR-CO-16', { stated: '500.01', computed: '500.00' }]]);
    const rounded = edited(
      ubl(),
      ['<cbc:PrepaidAmount currencyID="EUR">0<', '<cbc:PrepaidAmount currencyID="EUR">29.87<'],
      [
        '<cbc:PayableAmount currencyID="EUR">529.87<',
        '<cbc:PayableRoundingAmount currencyID="EUR">0.01</cbc:PayableRoundingAmount><cbc:PayableAmount currencyID="EUR">500.01<',
      ],
    );
    expect(rounded.ruleWarnings).toEqual([]);
    // One cent off in the UBL notation: computed keeps the widest scale written.
    const off = edited(ubl(), [
      '<cbc:TaxExclusiveAmount currencyID="EUR">473<',
      '<cbc:TaxExclusiveAmount currencyID="EUR">473.01<',
    ]);
    expect(rules(off)).toEqual([
      ['tax_basis_total_mismatch', 'BR-CO-13', { stated: '473.01', computed: '473.00' }],
      ['grand_total_mismatch', 'BR-CO-15', { stated: '529.87', computed: '529.88' }],
    ]);
  });

  it('BR-6, BR-7, BR-8..11: party names and addresses', () => {
    const noSeller = edited(cii(), ['<ram:Name>Lieferant GmbH</ram:Name>', '']);
    expect(noSeller.seller.name).toBeUndefined();
    expect(rules(noSeller)).toEqual([['seller_name_missing', 'BR-6', {}]]);
    const parties = edited(
      cii(),
      ['<ram:Name>Kunden AG Mitte</ram:Name>', ''],
      [/<ram:PostalTradeAddress>\s*<ram:PostcodeCode>80333[\s\S]*?<\/ram:PostalTradeAddress>/, ''],
      [/(<ram:CityName>Frankfurt<\/ram:CityName>\s*)<ram:CountryID>DE<\/ram:CountryID>/, '$1'],
    );
    expect(rules(parties)).toEqual([
      ['buyer_name_missing', 'BR-7', {}],
      ['seller_address_missing', 'BR-8', {}],
      ['buyer_address_missing', 'BR-11', {}],
    ]);
  });

  it('BR-17: a payee without name; BR-16: no lines, except in profiles without lines', () => {
    const settlement = '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>';
    const payee = edited(cii(), [settlement, `${settlement}<ram:PayeeTradeParty><ram:ID>1</ram:ID></ram:PayeeTradeParty>`]);
    expect(payee.payee).toEqual({});
    expect(rules(payee)).toEqual([['payee_name_missing', 'BR-17', {}]]);
    const lines = /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*<\/ram:IncludedSupplyChainTradeLineItem>/;
    // The header keeps its line total, so BR-CO-10 has nothing to compare it with.
    expect(rules(edited(cii(), [lines, '']))).toEqual([['invoice_lines_missing', 'BR-16', {}]]);
    const basicWl = edited(cii(), [lines, ''], ['urn:cen.eu:en16931:2017<', 'urn:factur-x.eu:1p0:basicwl<']);
    expect(basicWl.ruleWarnings).toEqual([]);
  });
});

/** A small ZUGFeRD 1.0 document: payee, proprietary account, a text line and a BASIC line. */
function zugferd1(profile: string, lines: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
<rsm:SpecifiedExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${profile}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext>
<rsm:HeaderExchangedDocument><ram:ID>Z-1</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20140305</udt:DateTimeString></ram:IssueDateTime></rsm:HeaderExchangedDocument>
<rsm:SpecifiedSupplyChainTradeTransaction><ram:ApplicableSupplyChainTradeAgreement>
<ram:SellerTradeParty><ram:Name>Lieferant GmbH</ram:Name><ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress></ram:SellerTradeParty>
<ram:BuyerTradeParty><ram:Name>Kunden AG</ram:Name><ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress></ram:BuyerTradeParty></ram:ApplicableSupplyChainTradeAgreement>
<ram:ApplicableSupplyChainTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
<ram:PayeeTradeParty><ram:Name>Factoring GmbH</ram:Name></ram:PayeeTradeParty>
<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>31</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:ProprietaryID>DE89 3704 0044 0532 0130 00</ram:ProprietaryID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>
<ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">198.00</ram:LineTotalAmount><ram:TaxBasisTotalAmount currencyID="EUR">198.00</ram:TaxBasisTotalAmount>
<ram:TaxTotalAmount currencyID="EUR">37.62</ram:TaxTotalAmount><ram:GrandTotalAmount currencyID="EUR">235.62</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation>
</ram:ApplicableSupplyChainTradeSettlement>${lines}</rsm:SpecifiedSupplyChainTradeTransaction></rsm:CrossIndustryDocument>`;
}

const TEXT_LINE =
  '<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:IncludedNote><ram:Content>Folgende Risiken sind versichert:</ram:Content></ram:IncludedNote></ram:AssociatedDocumentLineDocument><ram:SpecifiedSupplyChainTradeSettlement/></ram:IncludedSupplyChainTradeLineItem>';
const BASIC_LINE =
  '<ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedSupplyChainTradeSettlement><ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">198.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement><ram:SpecifiedTradeProduct><ram:Name>Trennblätter A4</ram:Name></ram:SpecifiedTradeProduct></ram:IncludedSupplyChainTradeLineItem>';

describe('ZUGFeRD 1.0 profiles', () => {
  it('reads the payee and its proprietary IBAN, skips text lines and BASIC’s missing prices', () => {
    const basic = readEInvoiceXml(zugferd1('urn:ferd:CrossIndustryDocument:invoice:1p0:basic', TEXT_LINE + BASIC_LINE));
    expect(basic.syntax).toBe('ZUGFeRD1');
    expect(basic.payee?.name?.value).toBe('Factoring GmbH');
    expect(basic.paymentMeans?.value).toBe('transfer');
    expect(basic.documentAccount?.value).toEqual({ iban: 'DE89370400440532013000', isValid: true, bic: null, role: 'payee' });
    expect(basic.ruleWarnings).toEqual([]);
    // COMFORT lines carry a net price: its absence is BR-26, named by position (no line ids in 1.0 samples).
    const comfort = readEInvoiceXml(zugferd1('urn:ferd:CrossIndustryDocument:invoice:1p0:comfort', TEXT_LINE + BASIC_LINE));
    expect(rules(comfort)).toEqual([['line_net_price_missing', 'BR-26', { line: 2 }]]);
    const sum = readEInvoiceXml(zugferd1('urn:ferd:CrossIndustryDocument:invoice:1p0:basic', BASIC_LINE + BASIC_LINE));
    expect(rules(sum)).toEqual([['line_total_sum_mismatch', 'BR-CO-10', { stated: '198.00', computed: '396.00' }]]);
  });
});
