/**
 * Writes an outgoing invoice as UN/CEFACT CII D16B (EN 16931): the XML inside a ZUGFeRD 2 /
 * Factur-X PDF (profile EN 16931) and XRechnung's CII syntax. Element order follows the D16B
 * schema; the business terms (BT-…) are named beside each group.
 */
import { XmlWriter } from '../xml-writer';
import type { OutgoingInvoice, OutgoingParty, OutgoingSeller, OutgoingTaxLine } from './outgoing-invoice';
import { paymentTermsText } from './payment-terms';
import {
  EN16931_GUIDELINE,
  PEPPOL_BILLING_PROCESS,
  XRECHNUNG_GUIDELINE,
  ciiDate,
  decimalFromMinor,
  decimalQuantity,
  percentFromBasisPoints,
} from './xml-values';

export type EinvoiceProfile = 'en16931' | 'xrechnung';

const NAMESPACES = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

export const TYPE_CODES = { invoice: '380', credit_note: '381' } as const;

export function writeCiiInvoice(invoice: OutgoingInvoice, profile: EinvoiceProfile = 'en16931'): string {
  const xml = new XmlWriter();
  const money = (minor: number) => decimalFromMinor(minor, invoice.currency);
  xml.open('rsm:CrossIndustryInvoice', NAMESPACES);

  xml.open('rsm:ExchangedDocumentContext');
  if (profile === 'xrechnung') {
    xml.open('ram:BusinessProcessSpecifiedDocumentContextParameter').leaf('ram:ID', PEPPOL_BILLING_PROCESS);
    xml.close('ram:BusinessProcessSpecifiedDocumentContextParameter');
  }
  xml.open('ram:GuidelineSpecifiedDocumentContextParameter');
  xml.leaf('ram:ID', profile === 'xrechnung' ? XRECHNUNG_GUIDELINE : EN16931_GUIDELINE);
  xml.close('ram:GuidelineSpecifiedDocumentContextParameter');
  xml.close('rsm:ExchangedDocumentContext');

  xml.open('rsm:ExchangedDocument');
  xml.leaf('ram:ID', invoice.number);
  xml.leaf('ram:TypeCode', TYPE_CODES[invoice.type]);
  dateTime(xml, 'ram:IssueDateTime', invoice.issueDate);
  if (invoice.notes) xml.open('ram:IncludedNote').leaf('ram:Content', invoice.notes).close('ram:IncludedNote');
  xml.close('rsm:ExchangedDocument');

  xml.open('rsm:SupplyChainTradeTransaction');
  for (const line of invoice.lines) {
    xml.open('ram:IncludedSupplyChainTradeLineItem');
    xml.open('ram:AssociatedDocumentLineDocument').leaf('ram:LineID', String(line.position));
    xml.close('ram:AssociatedDocumentLineDocument');
    xml.open('ram:SpecifiedTradeProduct').leaf('ram:Name', line.description).close('ram:SpecifiedTradeProduct');
    xml.open('ram:SpecifiedLineTradeAgreement');
    xml.open('ram:NetPriceProductTradePrice').leaf('ram:ChargeAmount', money(line.unitPrice));
    xml.close('ram:NetPriceProductTradePrice');
    xml.close('ram:SpecifiedLineTradeAgreement');
    xml.open('ram:SpecifiedLineTradeDelivery');
    xml.leaf('ram:BilledQuantity', decimalQuantity(line.quantity), { unitCode: line.unitCode });
    xml.close('ram:SpecifiedLineTradeDelivery');
    xml.open('ram:SpecifiedLineTradeSettlement');
    xml.open('ram:ApplicableTradeTax');
    xml.leaf('ram:TypeCode', 'VAT').leaf('ram:CategoryCode', line.taxCategory);
    xml.leaf('ram:RateApplicablePercent', percentFromBasisPoints(line.taxRate));
    xml.close('ram:ApplicableTradeTax');
    xml.open('ram:SpecifiedTradeSettlementLineMonetarySummation').leaf('ram:LineTotalAmount', money(line.netAmount));
    xml.close('ram:SpecifiedTradeSettlementLineMonetarySummation');
    xml.close('ram:SpecifiedLineTradeSettlement');
    xml.close('ram:IncludedSupplyChainTradeLineItem');
  }

  xml.open('ram:ApplicableHeaderTradeAgreement');
  if (invoice.buyer.buyerReference) xml.leaf('ram:BuyerReference', invoice.buyer.buyerReference);
  party(xml, 'ram:SellerTradeParty', invoice.seller);
  party(xml, 'ram:BuyerTradeParty', invoice.buyer);
  xml.close('ram:ApplicableHeaderTradeAgreement');

  // BT-72: the delivery date is the issue date unless a service period is given (BG-14).
  xml.open('ram:ApplicableHeaderTradeDelivery');
  if (!invoice.servicePeriod) {
    xml.open('ram:ActualDeliverySupplyChainEvent');
    dateTime(xml, 'ram:OccurrenceDateTime', invoice.issueDate);
    xml.close('ram:ActualDeliverySupplyChainEvent');
  }
  xml.close('ram:ApplicableHeaderTradeDelivery');

  xml.open('ram:ApplicableHeaderTradeSettlement');
  xml.leaf('ram:PaymentReference', invoice.payment.reference);
  xml.leaf('ram:InvoiceCurrencyCode', invoice.currency);
  paymentMeans(xml, invoice);
  for (const tax of invoice.taxBreakdown) taxLine(xml, tax, money);
  if (invoice.servicePeriod) {
    xml.open('ram:BillingSpecifiedPeriod');
    dateTime(xml, 'ram:StartDateTime', invoice.servicePeriod.start);
    dateTime(xml, 'ram:EndDateTime', invoice.servicePeriod.end);
    xml.close('ram:BillingSpecifiedPeriod');
  }
  xml.open('ram:SpecifiedTradePaymentTerms');
  xml.leaf('ram:Description', paymentTermsText(invoice));
  dateTime(xml, 'ram:DueDateDateTime', invoice.dueDate);
  xml.close('ram:SpecifiedTradePaymentTerms');

  const { totals } = invoice;
  xml.open('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  xml.leaf('ram:LineTotalAmount', money(totals.net));
  xml.leaf('ram:TaxBasisTotalAmount', money(totals.net));
  xml.leaf('ram:TaxTotalAmount', money(totals.tax), { currencyID: invoice.currency });
  xml.leaf('ram:GrandTotalAmount', money(totals.gross));
  if (totals.paid !== 0) xml.leaf('ram:TotalPrepaidAmount', money(totals.paid));
  xml.leaf('ram:DuePayableAmount', money(totals.due));
  xml.close('ram:SpecifiedTradeSettlementHeaderMonetarySummation');

  if (invoice.precedingInvoice) {
    xml.open('ram:InvoiceReferencedDocument');
    xml.leaf('ram:IssuerAssignedID', invoice.precedingInvoice.number);
    if (invoice.precedingInvoice.issueDate) {
      xml.open('ram:FormattedIssueDateTime');
      xml.leaf('qdt:DateTimeString', ciiDate(invoice.precedingInvoice.issueDate), { format: '102' });
      xml.close('ram:FormattedIssueDateTime');
    }
    xml.close('ram:InvoiceReferencedDocument');
  }
  xml.close('ram:ApplicableHeaderTradeSettlement');
  xml.close('rsm:SupplyChainTradeTransaction');
  xml.close('rsm:CrossIndustryInvoice');
  return xml.toString();
}

function dateTime(xml: XmlWriter, element: string, isoDate: string): void {
  xml.open(element).leaf('udt:DateTimeString', ciiDate(isoDate), { format: '102' }).close(element);
}

function isSeller(p: OutgoingParty): p is OutgoingSeller {
  return 'contact' in p;
}

function party(xml: XmlWriter, element: string, p: OutgoingParty): void {
  xml.open(element);
  xml.leaf('ram:Name', p.name);
  if (isSeller(p) && p.contact) {
    xml.open('ram:DefinedTradeContact');
    xml.leaf('ram:PersonName', p.contact.name);
    xml.open('ram:TelephoneUniversalCommunication').leaf('ram:CompleteNumber', p.contact.phone);
    xml.close('ram:TelephoneUniversalCommunication');
    xml.open('ram:EmailURIUniversalCommunication').leaf('ram:URIID', p.contact.email);
    xml.close('ram:EmailURIUniversalCommunication');
    xml.close('ram:DefinedTradeContact');
  }
  xml.open('ram:PostalTradeAddress');
  if (p.address.postalCode) xml.leaf('ram:PostcodeCode', p.address.postalCode);
  if (p.address.street) xml.leaf('ram:LineOne', p.address.street);
  if (p.address.city) xml.leaf('ram:CityName', p.address.city);
  xml.leaf('ram:CountryID', p.address.countryCode);
  xml.close('ram:PostalTradeAddress');
  // BT-34 / BT-49: the electronic address, an e-mail (EAS code EM).
  if (p.email) {
    xml.open('ram:URIUniversalCommunication').leaf('ram:URIID', p.email, { schemeID: 'EM' });
    xml.close('ram:URIUniversalCommunication');
  }
  if (p.vatId) {
    xml.open('ram:SpecifiedTaxRegistration').leaf('ram:ID', p.vatId, { schemeID: 'VA' }).close('ram:SpecifiedTaxRegistration');
  }
  if (p.taxNumber && isSeller(p)) {
    xml.open('ram:SpecifiedTaxRegistration').leaf('ram:ID', p.taxNumber, { schemeID: 'FC' });
    xml.close('ram:SpecifiedTaxRegistration');
  }
  xml.close(element);
}

/** BG-16/17: SEPA credit transfer (58) to the seller's IBAN; 1 (not defined) without one. */
function paymentMeans(xml: XmlWriter, invoice: OutgoingInvoice): void {
  const { iban, bic, accountName } = invoice.payment;
  xml.open('ram:SpecifiedTradeSettlementPaymentMeans');
  xml.leaf('ram:TypeCode', iban ? '58' : '1');
  if (iban) {
    xml.open('ram:PayeePartyCreditorFinancialAccount');
    xml.leaf('ram:IBANID', iban);
    if (accountName) xml.leaf('ram:AccountName', accountName);
    xml.close('ram:PayeePartyCreditorFinancialAccount');
    if (bic) {
      xml.open('ram:PayeeSpecifiedCreditorFinancialInstitution').leaf('ram:BICID', bic);
      xml.close('ram:PayeeSpecifiedCreditorFinancialInstitution');
    }
  }
  xml.close('ram:SpecifiedTradeSettlementPaymentMeans');
}

function taxLine(xml: XmlWriter, tax: OutgoingTaxLine, money: (minor: number) => string): void {
  xml.open('ram:ApplicableTradeTax');
  xml.leaf('ram:CalculatedAmount', money(tax.tax));
  xml.leaf('ram:TypeCode', 'VAT');
  if (tax.exemptionReason) xml.leaf('ram:ExemptionReason', tax.exemptionReason);
  xml.leaf('ram:BasisAmount', money(tax.basis));
  xml.leaf('ram:CategoryCode', tax.taxCategory);
  if (tax.exemptionReasonCode) xml.leaf('ram:ExemptionReasonCode', tax.exemptionReasonCode);
  xml.leaf('ram:RateApplicablePercent', percentFromBasisPoints(tax.rate));
  xml.close('ram:ApplicableTradeTax');
}
