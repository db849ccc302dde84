import { describe, expect, it } from 'vitest';
import { isReadingError } from '../extracted-invoice';
import { parseCiiDate, toBasisPoints, toMinorUnits } from './amounts';
import { normaliseIban, parseXRechnungSkonto } from './payment';
import { readEInvoicePdf } from './read-pdf';
import { readEInvoiceXml } from './read-xml';

function codeOf(run: () => unknown): string {
  try {
    run();
    return 'read';
  } catch (error) {
    return isReadingError(error) ? error.code : `crash: ${String(error)}`;
  }
}

const CII_NS =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"';

function cii(settlement: string, typeCode = '380'): string {
  return `<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice ${CII_NS}>
<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>R-1 &amp; 2</ram:ID><ram:TypeCode>${typeCode}</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20240131</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>Müller GmbH</ram:Name>
<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">201/113/40209</ram:ID></ram:SpecifiedTaxRegistration><ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">de 123456789</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
<ram:BuyerTradeParty><ram:Name>Kunde AG</ram:Name></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>${settlement}
<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount>
<ram:GrandTotalAmount>119.00</ram:GrandTotalAmount><ram:DuePayableAmount>119.00</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`;
}

describe('amount conversion', () => {
  it('converts decimal strings exactly', () => {
    expect(toMinorUnits('0.29', 'EUR')).toBe(29);
    expect(toMinorUnits('1436.5', 'EUR')).toBe(143650);
    expect(toMinorUnits('1.005', 'EUR')).toBe(101); // a float would give 100
    expect(toMinorUnits('-0.005', 'EUR')).toBe(-1);
    expect(toMinorUnits('-12.344', 'EUR')).toBe(-1234);
    expect(toMinorUnits('-0.00', 'EUR')).toBe(0);
    expect(toMinorUnits('.5', 'EUR')).toBe(50);
    expect(toMinorUnits('100', 'JPY')).toBe(100);
    expect(toMinorUnits('1.2345', 'KWD')).toBe(1235);
    expect(toMinorUnits('90071992547409.93', 'EUR')).toBeNull();
    for (const bad of ['', '1,50', '1e3', 'abc', '1.2.3', '-']) expect(toMinorUnits(bad, 'EUR')).toBeNull();
  });

  it('converts percentages to basis points and dates to ISO', () => {
    expect(toBasisPoints('19.00')).toBe(1900);
    expect(toBasisPoints('5.5')).toBe(550);
    expect(toBasisPoints('7')).toBe(700);
    expect(parseCiiDate('20240229', '102')).toBe('2024-02-29');
    expect(parseCiiDate('20230229', '102')).toBeNull();
    expect(parseCiiDate('202403', '610')).toBe('2024-03-01');
    expect(parseCiiDate('20240101', '1020')).toBeNull();
  });

  it('validates IBANs with mod-97', () => {
    expect(normaliseIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(normaliseIban('DE89370400440532013001')).toBeNull();
    expect(normaliseIban('IBAN')).toBeNull();
  });
});

describe('readEInvoiceXml', () => {
  it('reads a CII invoice with decoded entities, tax ids and currency-specific tax total', () => {
    const invoice = readEInvoiceXml(new TextEncoder().encode('\uFEFF' + cii('')));
    expect(invoice.syntax).toBe('CII');
    expect(invoice.invoiceNumber).toEqual({ value: 'R-1 & 2', confidence: 1, source: 'xml' });
    expect(invoice.date?.value).toBe('2024-01-31');
    expect(invoice.type?.value).toBe('invoice');
    expect(invoice.seller.vatId?.value).toBe('DE123456789');
    expect(invoice.seller.taxNumber?.value).toBe('201/113/40209');
    expect([invoice.netAmount?.value, invoice.taxAmount?.value, invoice.totalAmount?.value]).toEqual([10000, 1900, 11900]);
  });

  it('reads CII skonto terms and a credit transfer IBAN, but not a direct debit account', () => {
    const terms = `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE89 3704 0044 0532 0130 00</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>
<ram:SpecifiedTradePaymentTerms><ram:Description>2 % Skonto bei Zahlung in 10 Tagen</ram:Description><ram:DueDateDateTime><udt:DateTimeString format="102">20240301</udt:DateTimeString></ram:DueDateDateTime>
<ram:ApplicableTradePaymentDiscountTerms><ram:BasisPeriodMeasure unitCode="DAY">10</ram:BasisPeriodMeasure><ram:CalculationPercent>2.00</ram:CalculationPercent></ram:ApplicableTradePaymentDiscountTerms></ram:SpecifiedTradePaymentTerms>`;
    const invoice = readEInvoiceXml(cii(terms));
    expect(invoice.skonto?.value).toEqual({ rate: 200, days: 10, amount: 238 });
    expect(invoice.dueDate?.value).toBe('2024-03-01');
    expect(invoice.iban?.value).toBe('DE89370400440532013000');
    const debit = terms.replace('<ram:TypeCode>58<', '<ram:TypeCode>59<');
    expect(readEInvoiceXml(cii(debit)).iban).toBeUndefined();
  });

  it('parses XRechnung #SKONTO# lines', () => {
    expect(parseXRechnungSkonto('#SKONTO#TAGE=14#PROZENT=2.00#\n#SKONTO#TAGE=30#PROZENT=0.00#')).toEqual([
      { days: '14', percent: '2.00', basis: null, amount: null },
    ]);
    const invoice = readEInvoiceXml(
      cii(
        '<ram:SpecifiedTradePaymentTerms><ram:Description>#SKONTO#TAGE=14#PROZENT=3.00#BASISBETRAG=50.00#\n</ram:Description></ram:SpecifiedTradePaymentTerms>',
      ),
    );
    expect(invoice.skonto?.value).toEqual({ rate: 300, days: 14, amount: 150 });
  });

  it('reads a UBL CreditNote as credit_note with negative amounts allowed', () => {
    const xml = `<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID><cbc:ID>GS-1</cbc:ID><cbc:IssueDate>2024-02-01</cbc:IssueDate><cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>
<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cac:TaxTotal><cbc:TaxAmount currencyID="EUR">-1.90</cbc:TaxAmount></cac:TaxTotal>
<cac:LegalMonetaryTotal><cbc:TaxExclusiveAmount currencyID="EUR">-10.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">-11.90</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">-11.90</cbc:PayableAmount></cac:LegalMonetaryTotal>
<cac:CreditNoteLine><cbc:ID>1</cbc:ID><cbc:CreditedQuantity unitCode="C62">-1</cbc:CreditedQuantity><cbc:LineExtensionAmount currencyID="EUR">-10.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>Rückgabe</cbc:Name></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">10.00</cbc:PriceAmount></cac:Price></cac:CreditNoteLine></CreditNote>`;
    const invoice = readEInvoiceXml(xml);
    expect(invoice.syntax).toBe('UBL');
    expect(invoice.type?.value).toBe('credit_note');
    expect(invoice.totalAmount?.value).toBe(-1190);
    expect(invoice.lineItems).toEqual([
      { description: 'Rückgabe', quantity: -1, unit: 'C62', unitPrice: 1000, totalPrice: -1000, taxRate: null },
    ]);
  });

  it('refuses DOCTYPE, entity attacks and external entities', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><rsm:CrossIndustryInvoice ${CII_NS}>&lol2;</rsm:CrossIndustryInvoice>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&x;</Invoice>`;
    expect(codeOf(() => readEInvoiceXml(laughs))).toBe('malformed_xml');
    expect(codeOf(() => readEInvoiceXml(xxe))).toBe('malformed_xml');
    expect(codeOf(() => readEInvoiceXml(cii('').replace('R-1 &amp; 2', '&undefined;')))).toBe('malformed_xml');
  });

  it('refuses garbage, wrong encodings, oversize input and other XML', () => {
    const random = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    expect(codeOf(() => readEInvoiceXml(random))).toBe('malformed_xml');
    expect(codeOf(() => readEInvoiceXml(''))).toBe('malformed_xml');
    expect(codeOf(() => readEInvoiceXml('<a><b></a>'))).toBe('malformed_xml');
    expect(codeOf(() => readEInvoiceXml(Uint8Array.of(0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e)))).toBe('malformed_xml');
    expect(codeOf(() => readEInvoiceXml('<?xml version="1.0" encoding="UTF-8-W/O-BOM"?><a/>'))).toBe('malformed_xml');
    expect(codeOf(() => readEInvoiceXml(new Uint8Array(21 * 1024 * 1024)))).toBe('malformed_xml');
    expect(codeOf(() => readEInvoiceXml('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>'))).toBe(
      'not_an_einvoice',
    );
    expect(codeOf(() => readEInvoiceXml('<rsm:CrossIndustryInvoice xmlns:rsm="urn:example:other"/>'))).toBe(
      'unsupported_einvoice',
    );
    expect(codeOf(() => readEInvoiceXml(cii('').replace('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>', '')))).toBe(
      'malformed_xml',
    );
  });

  it('decodes ISO-8859-1 when declared', () => {
    const latin1 = Uint8Array.from(cii('').replace('UTF-8', 'ISO-8859-1'), (c) => c.charCodeAt(0));
    expect(readEInvoiceXml(latin1).seller.name?.value).toBe('Müller GmbH');
  });
});

describe('readEInvoicePdf', () => {
  it('refuses non-PDF bytes as broken_pdf', async () => {
    const outcome = await readEInvoicePdf(new TextEncoder().encode('not a pdf')).catch((e: unknown) =>
      isReadingError(e) ? e.code : 'crash',
    );
    expect(outcome).toBe('broken_pdf');
    const truncated = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog');
    expect(await readEInvoicePdf(truncated).catch((e: unknown) => (isReadingError(e) ? e.code : 'crash'))).toBe('broken_pdf');
  });
});
