import { z } from 'zod';

/**
 * What the document itself says about how it is to be paid, kept apart from the counterparty's
 * stored accounts and from the IBAN that will be paid (`counterpartyIban`). Issue 50: the account
 * to pay comes from the document, never silently from the counterparty record.
 */

/** UNCL 4461 grouped by what Kontor does with it: only 'transfer' proposes a payment. */
export const PAYMENT_MEANS_KINDS = ['transfer', 'direct_debit', 'card', 'other'] as const;
export const paymentMeansKindSchema = z.enum(PAYMENT_MEANS_KINDS);
export type PaymentMeansKind = z.infer<typeof paymentMeansKindSchema>;

/**
 * Whose account the document names: the payee's (BG-10 present, BT-84 is the payee's account),
 * the seller's (BT-84 without a payee), or the buyer's account to be debited (BT-91, direct debit).
 */
export const DOCUMENT_ACCOUNT_ROLES = ['payee', 'seller', 'debited'] as const;
export const documentAccountRoleSchema = z.enum(DOCUMENT_ACCOUNT_ROLES);
export type DocumentAccountRole = z.infer<typeof documentAccountRoleSchema>;

export const documentAccountSchema = z.object({
  /** As written, without spaces and upper case; kept even when its checksum fails. */
  iban: z.string(),
  isValid: z.boolean(),
  bic: z.string().nullable(),
  role: documentAccountRoleSchema,
});
export type DocumentAccount = z.infer<typeof documentAccountSchema>;

/**
 * EN 16931 business rules the reader checks cheaply. A document that breaks them is still read
 * and stored; the invoice shows each as a warning naming the rule.
 */
export const EINVOICE_RULE_WARNINGS = [
  /** BR-26: each line has a net price (BT-146). */
  'line_net_price_missing',
  /** BR-CO-10: sum of line net amounts (BT-106) = Σ BT-131. */
  'line_total_sum_mismatch',
  /** BR-CO-13: total without VAT (BT-109) = BT-106 − allowances (BT-107) + charges (BT-108). */
  'tax_basis_total_mismatch',
  /** BR-CO-15: total with VAT (BT-112) = BT-109 + BT-110. */
  'grand_total_mismatch',
  /** BR-CO-16: amount due (BT-115) = BT-112 − paid (BT-113) + rounding (BT-114). */
  'amount_due_mismatch',
  /** BR-6: seller name (BT-27). */
  'seller_name_missing',
  /** BR-7: buyer name (BT-44). */
  'buyer_name_missing',
  /** BR-8/BR-9: seller postal address with country (BG-5, BT-40). */
  'seller_address_missing',
  /** BR-10/BR-11: buyer postal address with country (BG-8, BT-55). */
  'buyer_address_missing',
  /** BR-17: a payee (BG-10) has a name (BT-59). */
  'payee_name_missing',
  /** BR-16: at least one invoice line (BG-25). */
  'invoice_lines_missing',
] as const;
export const einvoiceRuleWarningCodeSchema = z.enum(EINVOICE_RULE_WARNINGS);
export type EInvoiceRuleWarningCode = z.infer<typeof einvoiceRuleWarningCodeSchema>;

export const einvoiceRuleWarningSchema = z.object({
  code: einvoiceRuleWarningCodeSchema,
  /** The EN 16931 rule id, e.g. BR-26, BR-CO-15. */
  rule: z.string(),
  /** Values for the message: line number, stated and computed amounts (as written in the XML). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type EInvoiceRuleWarning = z.infer<typeof einvoiceRuleWarningSchema>;

/** The payee when the document names one other than the seller (BG-10). */
export const documentPayeeSchema = z.object({
  name: z.string().nullable(),
  vatNumber: z.string().nullable(),
});

/** What the document says about paying it, as stored with the reading and shown on the invoice. */
export const documentPaymentSchema = z.object({
  means: paymentMeansKindSchema.nullable(),
  account: documentAccountSchema.nullable(),
  payee: documentPayeeSchema.nullable(),
});
export type DocumentPayment = z.infer<typeof documentPaymentSchema>;

/**
 * Whether the document itself says where (or whether) to pay: an account, a payee or a direct
 * debit. Then the account to pay is chosen against it and never copied from the counterparty's
 * record, not even when a person picks the counterparty (issue 50).
 */
export function isPaymentNamedByDocument(payment: DocumentPayment | null | undefined): boolean {
  return Boolean(payment && (payment.account || payment.payee || payment.means === 'direct_debit'));
}
