/**
 * Writes an outgoing invoice as OASIS UBL 2.1 (EN 16931, XRechnung 3 CIUS): an `Invoice` for
 * invoices, a `CreditNote` for credit notes. Element order follows the UBL 2.1 schema; the two
 * roots differ in the type code element, where the due date goes (BT-9: cbc:DueDate on an
 * invoice, cac:PaymentMeans/cbc:PaymentDueDate on a credit note) and the line elements.
 */
import { XmlWriter } from '../xml-writer';
import { TYPE_CODES, type EinvoiceProfile } from './cii';
import type { OutgoingBuyer, OutgoingInvoice, OutgoingSeller } from './outgoing-invoice';
import { paymentTermsText } from './payment-terms';
import {
  EN16931_GUIDELINE,
  PEPPOL_BILLING_PROCESS,
  XRECHNUNG_GUIDELINE,
  decimalFromMinor,
  decimalQuantity,
  percentFromBasisPoints,
} from './xml-values';

const ROOTS = {
  invoice: { root: 'Invoice', line: 'cac:InvoiceLine', quantity: 'cbc:InvoicedQuantity' },
  credit_note: { root: 'CreditNote', line: 'cac:CreditNoteLine', quantity: 'cbc:CreditedQuantity' },
} as const;

export function writeUblInvoice(invoice: OutgoingInvoice, profile: EinvoiceProfile = 'xrechnung'): string {
  const { root, line: lineElement, quantity: quantityElement } = ROOTS[invoice.type];
  const isInvoice = invoice.type === 'invoice';
  const amount = (minor: number) => decimalFromMinor(minor, invoice.currency);
  const currencyID = { currencyID: invoice.currency };
  const xml = new XmlWriter();

  xml.open(root, {
    xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`,
    'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
    'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  });
  xml.leaf('cbc:CustomizationID', profile === 'xrechnung' ? XRECHNUNG_GUIDELINE : EN16931_GUIDELINE);
  xml.leaf('cbc:ProfileID', PEPPOL_BILLING_PROCESS);
  xml.leaf('cbc:ID', invoice.number);
  xml.leaf('cbc:IssueDate', invoice.issueDate);
  if (isInvoice) xml.leaf('cbc:DueDate', invoice.dueDate);
  xml.leaf(isInvoice ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode', TYPE_CODES[invoice.type]);
  if (invoice.notes) xml.leaf('cbc:Note', invoice.notes);
  xml.leaf('cbc:DocumentCurrencyCode', invoice.currency);
  if (invoice.buyer.buyerReference) xml.leaf('cbc:BuyerReference', invoice.buyer.buyerReference);
  if (invoice.servicePeriod) {
    xml.open('cac:InvoicePeriod');
    xml.leaf('cbc:StartDate', invoice.servicePeriod.start).leaf('cbc:EndDate', invoice.servicePeriod.end);
    xml.close('cac:InvoicePeriod');
  }
  if (invoice.precedingInvoice) {
    xml.open('cac:BillingReference').open('cac:InvoiceDocumentReference');
    xml.leaf('cbc:ID', invoice.precedingInvoice.number);
    if (invoice.precedingInvoice.issueDate) xml.leaf('cbc:IssueDate', invoice.precedingInvoice.issueDate);
    xml.close('cac:InvoiceDocumentReference').close('cac:BillingReference');
  }
  xml.open('cac:AccountingSupplierParty');
  party(xml, invoice.seller);
  xml.close('cac:AccountingSupplierParty');
  xml.open('cac:AccountingCustomerParty');
  party(xml, invoice.buyer);
  xml.close('cac:AccountingCustomerParty');
  if (!invoice.servicePeriod) {
    xml.open('cac:Delivery').leaf('cbc:ActualDeliveryDate', invoice.issueDate).close('cac:Delivery');
  }

  const { iban, bic, accountName, reference } = invoice.payment;
  xml.open('cac:PaymentMeans');
  xml.leaf('cbc:PaymentMeansCode', iban ? '58' : '1');
  if (!isInvoice) xml.leaf('cbc:PaymentDueDate', invoice.dueDate);
  xml.leaf('cbc:PaymentID', reference);
  if (iban) {
    xml.open('cac:PayeeFinancialAccount').leaf('cbc:ID', iban);
    if (accountName) xml.leaf('cbc:Name', accountName);
    if (bic) xml.open('cac:FinancialInstitutionBranch').leaf('cbc:ID', bic).close('cac:FinancialInstitutionBranch');
    xml.close('cac:PayeeFinancialAccount');
  }
  xml.close('cac:PaymentMeans');
  xml.open('cac:PaymentTerms').leaf('cbc:Note', paymentTermsText(invoice)).close('cac:PaymentTerms');

  xml.open('cac:TaxTotal');
  xml.leaf('cbc:TaxAmount', amount(invoice.totals.tax), currencyID);
  for (const tax of invoice.taxBreakdown) {
    xml.open('cac:TaxSubtotal');
    xml.leaf('cbc:TaxableAmount', amount(tax.basis), currencyID);
    xml.leaf('cbc:TaxAmount', amount(tax.tax), currencyID);
    xml.open('cac:TaxCategory');
    xml.leaf('cbc:ID', tax.taxCategory).leaf('cbc:Percent', percentFromBasisPoints(tax.rate));
    if (tax.exemptionReasonCode) xml.leaf('cbc:TaxExemptionReasonCode', tax.exemptionReasonCode);
    if (tax.exemptionReason) xml.leaf('cbc:TaxExemptionReason', tax.exemptionReason);
    xml.open('cac:TaxScheme').leaf('cbc:ID', 'VAT').close('cac:TaxScheme');
    xml.close('cac:TaxCategory');
    xml.close('cac:TaxSubtotal');
  }
  xml.close('cac:TaxTotal');

  const { totals } = invoice;
  xml.open('cac:LegalMonetaryTotal');
  xml.leaf('cbc:LineExtensionAmount', amount(totals.net), currencyID);
  xml.leaf('cbc:TaxExclusiveAmount', amount(totals.net), currencyID);
  xml.leaf('cbc:TaxInclusiveAmount', amount(totals.gross), currencyID);
  if (totals.paid !== 0) xml.leaf('cbc:PrepaidAmount', amount(totals.paid), currencyID);
  xml.leaf('cbc:PayableAmount', amount(totals.due), currencyID);
  xml.close('cac:LegalMonetaryTotal');

  for (const line of invoice.lines) {
    xml.open(lineElement);
    xml.leaf('cbc:ID', String(line.position));
    xml.leaf(quantityElement, decimalQuantity(line.quantity), { unitCode: line.unitCode });
    xml.leaf('cbc:LineExtensionAmount', amount(line.netAmount), currencyID);
    xml.open('cac:Item').leaf('cbc:Name', line.description);
    xml.open('cac:ClassifiedTaxCategory');
    xml.leaf('cbc:ID', line.taxCategory).leaf('cbc:Percent', percentFromBasisPoints(line.taxRate));
    xml.open('cac:TaxScheme').leaf('cbc:ID', 'VAT').close('cac:TaxScheme');
    xml.close('cac:ClassifiedTaxCategory').close('cac:Item');
    xml.open('cac:Price').leaf('cbc:PriceAmount', amount(line.unitPrice), currencyID).close('cac:Price');
    xml.close(lineElement);
  }
  xml.close(root);
  return xml.toString();
}

function isSeller(p: OutgoingSeller | OutgoingBuyer): p is OutgoingSeller {
  return 'contact' in p;
}

function party(xml: XmlWriter, p: OutgoingSeller | OutgoingBuyer): void {
  xml.open('cac:Party');
  if (p.email) xml.leaf('cbc:EndpointID', p.email, { schemeID: 'EM' });
  xml.open('cac:PostalAddress');
  if (p.address.street) xml.leaf('cbc:StreetName', p.address.street);
  if (p.address.city) xml.leaf('cbc:CityName', p.address.city);
  if (p.address.postalCode) xml.leaf('cbc:PostalZone', p.address.postalCode);
  xml.open('cac:Country').leaf('cbc:IdentificationCode', p.address.countryCode).close('cac:Country');
  xml.close('cac:PostalAddress');
  if (p.vatId) {
    xml.open('cac:PartyTaxScheme').leaf('cbc:CompanyID', p.vatId);
    xml.open('cac:TaxScheme').leaf('cbc:ID', 'VAT').close('cac:TaxScheme').close('cac:PartyTaxScheme');
  }
  // BT-32, the seller's national tax number: a tax scheme other than VAT.
  if (isSeller(p) && p.taxNumber) {
    xml.open('cac:PartyTaxScheme').leaf('cbc:CompanyID', p.taxNumber);
    xml.open('cac:TaxScheme').leaf('cbc:ID', 'FC').close('cac:TaxScheme').close('cac:PartyTaxScheme');
  }
  xml.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', p.name).close('cac:PartyLegalEntity');
  if (isSeller(p) && p.contact) {
    xml.open('cac:Contact');
    xml.leaf('cbc:Name', p.contact.name).leaf('cbc:Telephone', p.contact.phone).leaf('cbc:ElectronicMail', p.contact.email);
    xml.close('cac:Contact');
  }
  xml.close('cac:Party');
}
