/**
 * What the syntax readers (UBL, CII, ZUGFeRD 1.0) hand to the shared builder: the values as
 * written in the XML, mapped to EN 16931 business terms. Keeping the syntaxes down to "find the
 * string" means conversion, rounding and consistency rules live in one place (build.ts).
 */
import type { EInvoiceSyntax } from '../extracted-invoice';
import type { RawSkonto } from './payment';

export interface RawDate {
  value: string;
  /** CII DateTimeString@format; null for UBL's ISO dates. */
  format: string | null;
}

export interface RawParty {
  name: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  countryCode: string | null;
  vatId: string | null;
  taxNumber: string | null;
  email: string | null;
}

export interface RawPaymentMeans {
  typeCode: string | null;
  /** Payee account id (BT-84) given as an IBAN (CII IBANID, UBL ID) as written; checked later. */
  account: string | null;
  /** BT-84 as a proprietary account id (CII ProprietaryID): an IBAN only if it looks like one. */
  proprietaryAccount: string | null;
  bic: string | null;
  /** The buyer's account to be debited (BT-91) for a direct debit, as written. */
  debitedAccount: string | null;
  debitedBic: string | null;
}

export interface RawLine {
  /** Line identifier (BT-126) as written. */
  id: string | null;
  name: string | null;
  description: string | null;
  quantity: string | null;
  unit: string | null;
  netPrice: string | null;
  baseQuantity: string | null;
  lineTotal: string | null;
  rate: string | null;
  /** Line-level allowance and charge amounts (BG-27/BG-28). */
  allowances: string[];
  charges: string[];
}

export interface RawTax {
  rate: string | null;
  basis: string | null;
  tax: string | null;
  category: string | null;
}

/** A price-level allowance or charge that states basis, percentage and amount. */
export interface RawAllowanceCharge {
  basis: string;
  percent: string;
  amount: string;
}

export interface RawInvoice {
  syntax: EInvoiceSyntax;
  profile: string | null;
  /** UBL CreditNote root: a credit note whatever its type code. */
  creditNoteDocument: boolean;
  number: string | null;
  typeCode: string | null;
  issueDate: RawDate | null;
  dueDate: RawDate | null;
  paymentTerms: string[];
  skonto: RawSkonto[];
  currency: string | null;
  lineTotal: string | null;
  /** Document-level allowance (BT-107) and charge (BT-108) totals. */
  allowanceTotal: string | null;
  chargeTotal: string | null;
  taxBasisTotal: string | null;
  taxTotal: string | null;
  grandTotal: string | null;
  prepaid: string | null;
  amountDue: string | null;
  /** Rounding amount (BT-114). */
  rounding: string | null;
  taxes: RawTax[];
  lines: RawLine[];
  purchaseOrder: string | null;
  periodStart: RawDate | null;
  periodEnd: RawDate | null;
  deliveryDate: RawDate | null;
  seller: RawParty;
  buyer: RawParty;
  /** The payee (BG-10) when the document names one, else null. */
  payee: RawParty | null;
  paymentMeans: RawPaymentMeans[];
  remittance: string | null;
  notes: string[];
  allowanceCharges: RawAllowanceCharge[];
}

export function rawDate(value: string | null, format: string | null = null): RawDate | null {
  return value === null ? null : { value, format };
}
