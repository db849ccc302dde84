/**
 * An outgoing invoice as every written form of it needs it (issue 65): the PDF a person reads,
 * the CII XML inside it (ZUGFeRD 2 / Factur-X, profile EN 16931) and XRechnung in UBL and CII.
 * One model, so that the page and the XML can never disagree. Money is integer minor units of
 * `currency`, rates basis points (19 % = 1900), dates YYYY-MM-DD. The caller (the receivables
 * service) computes lines, tax per rate and totals with the domain's exact arithmetic; the
 * writers only print them.
 */

export type DocumentLanguage = 'de' | 'en';

export interface OutgoingAddress {
  street: string | null;
  postalCode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

export interface OutgoingParty {
  name: string;
  address: OutgoingAddress;
  /** VAT identification number, e.g. DE123456788 (BT-31 / BT-48). */
  vatId: string | null;
  /** National tax number (Steuernummer, BT-32), for a seller without a VAT ID. */
  taxNumber: string | null;
  email: string | null;
}

/** Who issues the invoice: its party data plus what a German business letter must show. */
export interface OutgoingSeller extends OutgoingParty {
  /** Seller contact (BT-41..43), required by XRechnung (BR-DE-2, BR-DE-5..7). */
  contact: { name: string; phone: string; email: string } | null;
  website: string | null;
  /** Commercial register, e.g. "Amtsgericht München HRB 123456" (BT-30 as free text on the page). */
  registration: string | null;
  /** Managing directors, printed in the footer (§ 35a GmbHG). */
  managingDirectors: string | null;
  /** The logo as PNG or JPEG bytes, top right on the page. */
  logo: { bytes: Uint8Array; mimeType: 'image/png' | 'image/jpeg' } | null;
}

export interface OutgoingBuyer extends OutgoingParty {
  /** Buyer reference (BT-10): the Leitweg-ID of a German public-sector customer. */
  buyerReference: string | null;
  /** The customer number Kontor keeps for it (accounts receivable number), shown on the page. */
  customerNumber: string | null;
}

/**
 * UNCL 5305 tax category: S standard (rate > 0), Z zero rated, E exempt, AE reverse charge,
 * K intra-community supply, G export outside the EU. Categories other than S and Z carry an
 * exemption reason (BT-120).
 */
export type OutgoingTaxCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G';

export interface OutgoingLine {
  /** 1, 2, … (BT-126). */
  position: number;
  description: string;
  /** Decimal quantity as a number; printed with up to 4 decimals. */
  quantity: number;
  /** UN/ECE Recommendation 20 unit code (C62 piece, HUR hour, DAY, KGM, …), for the XML. */
  unitCode: string;
  /** The unit as the person typed it ("Lizenz", "Std."), printed on the page; null: the code's name. */
  unit: string | null;
  /** Net price per unit, minor units (BT-146). */
  unitPrice: number;
  /** Net line amount, minor units (BT-131) = quantity × unitPrice, rounded by the domain. */
  netAmount: number;
  taxCategory: OutgoingTaxCategory;
  /** Basis points. */
  taxRate: number;
}

export interface OutgoingTaxLine {
  taxCategory: OutgoingTaxCategory;
  rate: number;
  /** Net basis, minor units (BT-116). */
  basis: number;
  /** Tax, minor units (BT-117). */
  tax: number;
  /** BT-120, required for E, AE, K, G. */
  exemptionReason: string | null;
  /** BT-121 (VATEX code), e.g. VATEX-EU-AE. */
  exemptionReasonCode: string | null;
}

export interface OutgoingSkonto {
  /** Basis points, e.g. 200 for 2 %. */
  rate: number;
  days: number;
  /** Minor units: the amount the discount is computed on (the gross total). */
  basis: number;
  /** Minor units the buyer may deduct when paying within `days`. */
  amount: number;
  /** YYYY-MM-DD: the last day the discount applies. */
  until: string;
}

export interface OutgoingInvoice {
  /** 380 commercial invoice, 381 credit note. */
  type: 'invoice' | 'credit_note';
  number: string;
  issueDate: string;
  dueDate: string;
  /** ISO 4217. */
  currency: string;
  language: DocumentLanguage;
  /** BT-25/26: the invoice a credit note corrects. */
  precedingInvoice: { number: string; issueDate: string | null } | null;
  /** BT-73/74: the period the services were delivered in; else the delivery date is the issue date. */
  servicePeriod: { start: string; end: string } | null;
  /** Free text printed under the lines and written as a note (BT-22). */
  notes: string | null;
  seller: OutgoingSeller;
  buyer: OutgoingBuyer;
  payment: {
    /** The account the buyer pays to (BT-84); null when the seller has none (no transfer data). */
    iban: string | null;
    bic: string | null;
    accountName: string | null;
    /** Remittance information (BT-83): the invoice number. */
    reference: string;
    /** Days from the issue date to the due date; printed as "payable within N days". */
    termDays: number | null;
    skonto: OutgoingSkonto | null;
  };
  lines: OutgoingLine[];
  taxBreakdown: OutgoingTaxLine[];
  totals: {
    /** Sum of line net amounts (BT-106) = tax basis total (BT-109). */
    net: number;
    /** BT-110. */
    tax: number;
    /** BT-112. */
    gross: number;
    /** Already paid (BT-113). */
    paid: number;
    /** BT-115 = gross − paid. */
    due: number;
  };
}
