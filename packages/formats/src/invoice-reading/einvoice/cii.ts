/**
 * UN/CEFACT Cross Industry Invoice D16B (EN 16931 CII, XRechnung CII, ZUGFeRD 2.x, Factur-X)
 * and its predecessor ZUGFeRD 1.0 CrossIndustryDocument. Both share the ram: vocabulary and
 * differ mainly in the names of the containers, so one reader runs over a container map.
 */
import { parseXRechnungSkonto, type RawSkonto } from './payment';
import {
  rawDate,
  type RawAllowanceCharge,
  type RawDate,
  type RawInvoice,
  type RawLine,
  type RawParty,
  type RawPaymentMeans,
  type RawTax,
} from './raw';
import { child, children, descendants, firstText, text, type XmlNode } from './xml';
import { CII_CONTAINERS, ZUGFERD1_CONTAINERS, type CiiContainers } from './cii-containers';

/** D16B says RateApplicablePercent, ZUGFeRD 1.0 ApplicablePercent; accept either anywhere. */
const ratePaths = [['RateApplicablePercent'], ['ApplicablePercent']];

function dateTime(node: XmlNode | null): RawDate | null {
  const leaf = child(node, 'DateTimeString');
  const value = text(leaf);
  return rawDate(value, leaf?.attrs.format ?? null);
}

function party(node: XmlNode | null): RawParty {
  const address = child(node, 'PostalTradeAddress');
  const registrations = children(node, 'SpecifiedTaxRegistration').map((r) => child(r, 'ID'));
  const scheme = (id: string): string | null => text(registrations.find((r) => r?.attrs.schemeID?.trim().toUpperCase() === id));
  const electronic = child(node, 'URIUniversalCommunication', 'URIID');
  return {
    name: text(node, 'Name'),
    street: text(address, 'LineOne'),
    postalCode: text(address, 'PostcodeCode'),
    city: text(address, 'CityName'),
    countryCode: text(address, 'CountryID'),
    vatId: scheme('VA'),
    taxNumber: scheme('FC'),
    email:
      text(node, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID') ??
      (electronic?.attrs.schemeID === 'EM' ? text(electronic) : null),
  };
}

function allowanceCharges(node: XmlNode | null, charge: boolean): string[] {
  return children(node, 'SpecifiedTradeAllowanceCharge')
    .filter((ac) => (text(ac, 'ChargeIndicator', 'Indicator') ?? text(ac, 'ChargeIndicator')) === String(charge))
    .map((ac) => text(ac, 'ActualAmount'))
    .filter((amount): amount is string => amount !== null);
}

function line(node: XmlNode, c: CiiContainers): RawLine {
  const agreement = child(node, c.lineAgreement);
  const netPrice = child(agreement, 'NetPriceProductTradePrice');
  const quantity = child(node, c.lineDelivery, 'BilledQuantity');
  const settlement = child(node, c.lineSettlement);
  return {
    id: text(node, 'AssociatedDocumentLineDocument', 'LineID'),
    name: text(node, 'SpecifiedTradeProduct', 'Name'),
    description: text(node, 'SpecifiedTradeProduct', 'Description'),
    quantity: text(quantity),
    unit: quantity?.attrs.unitCode?.trim() || null,
    netPrice: text(netPrice, 'ChargeAmount'),
    baseQuantity: text(netPrice, 'BasisQuantity'),
    lineTotal: text(settlement, c.lineSummation, 'LineTotalAmount'),
    rate: firstText(child(settlement, 'ApplicableTradeTax'), ...ratePaths),
    allowances: allowanceCharges(settlement, false),
    charges: allowanceCharges(settlement, true),
  };
}

function tax(node: XmlNode): RawTax {
  return {
    rate: firstText(node, ...ratePaths),
    basis: text(node, 'BasisAmount'),
    tax: text(node, 'CalculatedAmount'),
    category: text(node, 'CategoryCode'),
  };
}

function paymentMeans(node: XmlNode): RawPaymentMeans {
  return {
    typeCode: text(node, 'TypeCode'),
    account: text(node, 'PayeePartyCreditorFinancialAccount', 'IBANID'),
    proprietaryAccount: text(node, 'PayeePartyCreditorFinancialAccount', 'ProprietaryID'),
    bic: text(node, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID'),
    debitedAccount: text(node, 'PayerPartyDebtorFinancialAccount', 'IBANID'),
    // Only ZUGFeRD 1.0 and EXTENDED carry the debtor's bank; EN 16931 has no term for it.
    debitedBic: text(node, 'PayerSpecifiedDebtorFinancialInstitution', 'BICID'),
  };
}

function discountTerms(terms: XmlNode[]): RawSkonto[] {
  return terms.flatMap((term) =>
    children(term, 'ApplicableTradePaymentDiscountTerms').map((discount) => ({
      days: text(discount, 'BasisPeriodMeasure'),
      percent: text(discount, 'CalculationPercent'),
      basis: text(discount, 'BasisAmount'),
      amount: text(discount, 'ActualDiscountAmount'),
    })),
  );
}

/** Tax total in the invoice currency (BT-110), not the VAT accounting currency one (BT-111). */
function taxTotal(summation: XmlNode | null, currency: string | null): string | null {
  const totals = children(summation, 'TaxTotalAmount');
  const inCurrency = totals.find((t) => !t.attrs.currencyID || t.attrs.currencyID.trim() === currency);
  return text(inCurrency ?? (totals.length === 1 ? totals[0] : null));
}

/** Price-level allowances/charges (BT-147) that also state a basis and a percentage. */
function statedAllowanceCharges(root: XmlNode): RawAllowanceCharge[] {
  const priceLevel = descendants(root, 'GrossPriceProductTradePrice').flatMap((p) => children(p, 'AppliedTradeAllowanceCharge'));
  return priceLevel.flatMap((ac) => {
    const [basis, percent, amount] = [text(ac, 'BasisAmount'), text(ac, 'CalculationPercent'), text(ac, 'ActualAmount')];
    return basis !== null && percent !== null && amount !== null ? [{ basis, percent, amount }] : [];
  });
}

export function readCii(root: XmlNode, syntax: 'CII' | 'ZUGFeRD1'): RawInvoice {
  const c = syntax === 'CII' ? CII_CONTAINERS : ZUGFERD1_CONTAINERS;
  const header = child(root, c.header);
  const transaction = child(root, c.transaction);
  const agreement = child(transaction, c.agreement);
  const settlement = child(transaction, c.settlement);
  const summation = child(settlement, c.summation);
  const terms = children(settlement, 'SpecifiedTradePaymentTerms');
  const termTexts = terms.map((t) => text(t, 'Description')).filter((t): t is string => t !== null);
  const currency = text(settlement, 'InvoiceCurrencyCode');
  const dueDate = terms.map((t) => dateTime(child(t, 'DueDateDateTime'))).find((d) => d !== null) ?? null;
  const payee = child(settlement, 'PayeeTradeParty');
  return {
    syntax,
    profile: text(root, c.context, 'GuidelineSpecifiedDocumentContextParameter', 'ID'),
    creditNoteDocument: false,
    number: text(header, 'ID'),
    typeCode: text(header, 'TypeCode'),
    issueDate: dateTime(child(header, 'IssueDateTime')),
    dueDate,
    paymentTerms: termTexts,
    skonto: [...discountTerms(terms), ...termTexts.flatMap(parseXRechnungSkonto)],
    currency,
    lineTotal: text(summation, 'LineTotalAmount'),
    allowanceTotal: text(summation, 'AllowanceTotalAmount'),
    chargeTotal: text(summation, 'ChargeTotalAmount'),
    taxBasisTotal: text(summation, 'TaxBasisTotalAmount'),
    taxTotal: taxTotal(summation, currency),
    grandTotal: text(summation, 'GrandTotalAmount'),
    prepaid: text(summation, 'TotalPrepaidAmount'),
    amountDue: text(summation, 'DuePayableAmount'),
    rounding: text(summation, 'RoundingAmount'),
    taxes: children(settlement, 'ApplicableTradeTax').map(tax),
    lines: children(transaction, 'IncludedSupplyChainTradeLineItem').map((l) => line(l, c)),
    purchaseOrder: text(agreement, 'BuyerOrderReferencedDocument', c.orderId),
    periodStart: dateTime(child(settlement, 'BillingSpecifiedPeriod', 'StartDateTime')),
    periodEnd: dateTime(child(settlement, 'BillingSpecifiedPeriod', 'EndDateTime')),
    deliveryDate: dateTime(child(transaction, c.delivery, 'ActualDeliverySupplyChainEvent', 'OccurrenceDateTime')),
    seller: party(child(agreement, 'SellerTradeParty')),
    buyer: party(child(agreement, 'BuyerTradeParty')),
    // Same element in ZUGFeRD 1.0 (EXTENDED) and D16B; its ID/legal ids have no ExtractedParty slot.
    payee: payee ? party(payee) : null,
    paymentMeans: children(settlement, 'SpecifiedTradeSettlementPaymentMeans').map(paymentMeans),
    remittance: text(settlement, 'PaymentReference'),
    notes: children(header, 'IncludedNote')
      .map((n) => text(n, 'Content'))
      .filter((n): n is string => n !== null),
    allowanceCharges: statedAllowanceCharges(root),
  };
}
