/**
 * OASIS UBL 2.1 Invoice and CreditNote (EN 16931 UBL, XRechnung UBL, Peppol BIS 3). The two
 * document types differ in the names of the type code, the lines and the line quantity.
 */
import { parseXRechnungSkonto } from './payment';
import {
  rawDate,
  type RawAllowanceCharge,
  type RawInvoice,
  type RawLine,
  type RawParty,
  type RawPaymentMeans,
  type RawTax,
} from './raw';
import { child, children, descendants, firstText, text, type XmlNode } from './xml';

export const UBL_INVOICE_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
export const UBL_CREDIT_NOTE_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';

function party(node: XmlNode | null): RawParty {
  const address = child(node, 'PostalAddress');
  const schemes = children(node, 'PartyTaxScheme');
  const vat = schemes.find((s) => text(s, 'TaxScheme', 'ID')?.toUpperCase() === 'VAT');
  const other = schemes.find((s) => s !== vat);
  const street = [text(address, 'StreetName'), text(address, 'AdditionalStreetName')].filter(Boolean).join(', ');
  const endpoint = child(node, 'EndpointID');
  return {
    // BT-27 is the legal registration name; the trading name (BT-28) is only a fallback.
    name: firstText(node, ['PartyLegalEntity', 'RegistrationName'], ['PartyName', 'Name']),
    street: street || null,
    postalCode: text(address, 'PostalZone'),
    city: text(address, 'CityName'),
    countryCode: text(address, 'Country', 'IdentificationCode'),
    vatId: text(vat, 'CompanyID'),
    // BT-32: a tax registration under any scheme other than VAT (XRechnung uses "FC").
    taxNumber: text(other, 'CompanyID'),
    email: text(node, 'Contact', 'ElectronicMail') ?? (endpoint?.attrs.schemeID === 'EM' ? text(endpoint) : null),
  };
}

function line(node: XmlNode): RawLine {
  const quantity = child(node, 'InvoicedQuantity') ?? child(node, 'CreditedQuantity');
  const charges = (flag: boolean): string[] =>
    children(node, 'AllowanceCharge')
      .filter((ac) => text(ac, 'ChargeIndicator') === String(flag))
      .map((ac) => text(ac, 'Amount'))
      .filter((amount): amount is string => amount !== null);
  return {
    id: text(node, 'ID'),
    name: text(node, 'Item', 'Name'),
    description: text(node, 'Item', 'Description'),
    quantity: text(quantity),
    unit: quantity?.attrs.unitCode?.trim() || null,
    netPrice: text(node, 'Price', 'PriceAmount'),
    baseQuantity: text(node, 'Price', 'BaseQuantity'),
    lineTotal: text(node, 'LineExtensionAmount'),
    rate: text(node, 'Item', 'ClassifiedTaxCategory', 'Percent'),
    allowances: charges(false),
    charges: charges(true),
  };
}

const branchId = [
  ['FinancialInstitutionBranch', 'ID'],
  ['FinancialInstitutionBranch', 'FinancialInstitution', 'ID'],
];

function paymentMeans(node: XmlNode): RawPaymentMeans {
  const account = child(node, 'PayeeFinancialAccount');
  const debited = child(node, 'PaymentMandate', 'PayerFinancialAccount');
  return {
    typeCode: text(node, 'PaymentMeansCode'),
    account: text(account, 'ID'),
    // UBL has one ID for IBANs and other account ids alike (BT-84); document-payment.ts tells them apart.
    proprietaryAccount: null,
    bic: firstText(account, ...branchId),
    debitedAccount: text(debited, 'ID'),
    debitedBic: firstText(debited, ...branchId),
  };
}

/** BG-10: BT-59 is PartyName/Name; RegistrationName is read as a fallback some senders use. */
function payee(node: XmlNode | null): RawParty | null {
  if (!node) return null;
  return { ...party(node), name: firstText(node, ['PartyName', 'Name'], ['PartyLegalEntity', 'RegistrationName']) };
}

/** The TaxTotal in the document currency (BT-110); a second one may be in the VAT currency. */
function documentTaxTotal(root: XmlNode, currency: string | null): XmlNode | null {
  const totals = children(root, 'TaxTotal');
  return (
    totals.find((t) => child(t, 'TaxAmount')?.attrs.currencyID?.trim() === currency) ??
    totals.find((t) => child(t, 'TaxSubtotal') !== null) ??
    totals[0] ??
    null
  );
}

function taxes(total: XmlNode | null): RawTax[] {
  return children(total, 'TaxSubtotal').map((sub) => ({
    rate: text(sub, 'TaxCategory', 'Percent') ?? text(sub, 'Percent'),
    basis: text(sub, 'TaxableAmount'),
    tax: text(sub, 'TaxAmount'),
    category: text(sub, 'TaxCategory', 'ID'),
  }));
}

/** Price-level allowances/charges (BT-147) that also state a basis and a percentage. */
function statedAllowanceCharges(root: XmlNode): RawAllowanceCharge[] {
  return descendants(root, 'Price').flatMap((price) =>
    children(price, 'AllowanceCharge').flatMap((ac) => {
      const [basis, percent, amount] = [text(ac, 'BaseAmount'), text(ac, 'MultiplierFactorNumeric'), text(ac, 'Amount')];
      return basis !== null && percent !== null && amount !== null ? [{ basis, percent, amount }] : [];
    }),
  );
}

export function readUbl(root: XmlNode): RawInvoice {
  const creditNote = root.name === 'CreditNote';
  const currency = text(root, 'DocumentCurrencyCode');
  const totals = child(root, 'LegalMonetaryTotal');
  const taxTotal = documentTaxTotal(root, currency);
  const means = children(root, 'PaymentMeans');
  const terms = children(root, 'PaymentTerms').flatMap((t) => children(t, 'Note').map((n) => text(n)));
  const termTexts = terms.filter((t): t is string => t !== null);
  const dueDate = text(root, 'DueDate') ?? means.map((m) => text(m, 'PaymentDueDate')).find((d) => d !== null) ?? null;
  return {
    syntax: 'UBL',
    profile: text(root, 'CustomizationID'),
    creditNoteDocument: creditNote,
    number: text(root, 'ID'),
    typeCode: text(root, creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'),
    issueDate: rawDate(text(root, 'IssueDate')),
    dueDate: rawDate(dueDate),
    paymentTerms: termTexts,
    skonto: termTexts.flatMap(parseXRechnungSkonto),
    currency,
    lineTotal: text(totals, 'LineExtensionAmount'),
    allowanceTotal: text(totals, 'AllowanceTotalAmount'),
    chargeTotal: text(totals, 'ChargeTotalAmount'),
    taxBasisTotal: text(totals, 'TaxExclusiveAmount'),
    taxTotal: text(taxTotal, 'TaxAmount'),
    grandTotal: text(totals, 'TaxInclusiveAmount'),
    prepaid: text(totals, 'PrepaidAmount'),
    amountDue: text(totals, 'PayableAmount'),
    rounding: text(totals, 'PayableRoundingAmount'),
    taxes: taxes(taxTotal),
    lines: children(root, creditNote ? 'CreditNoteLine' : 'InvoiceLine').map(line),
    purchaseOrder: text(root, 'OrderReference', 'ID'),
    periodStart: rawDate(text(root, 'InvoicePeriod', 'StartDate')),
    periodEnd: rawDate(text(root, 'InvoicePeriod', 'EndDate')),
    deliveryDate: rawDate(text(root, 'Delivery', 'ActualDeliveryDate')),
    seller: party(child(root, 'AccountingSupplierParty', 'Party')),
    buyer: party(child(root, 'AccountingCustomerParty', 'Party')),
    payee: payee(child(root, 'PayeeParty')),
    paymentMeans: means.map(paymentMeans),
    remittance: means.map((m) => text(m, 'PaymentID')).find((id) => id !== null) ?? null,
    notes: children(root, 'Note')
      .map((n) => text(n))
      .filter((n): n is string => n !== null),
    allowanceCharges: statedAllowanceCharges(root),
  };
}
