import { formatIban } from '@kontor/domain/iban';
import { invoiceLineItemSchema, invoiceSplitSchema } from '@kontor/domain/invoices/invoice-fields';
import { invoiceFieldsSchema, type Invoice, type InvoiceFieldsInput } from '@kontor/domain/invoices/invoice-schema';

/** What the form edits: exactly the input of the schema the server validates with. */
export type InvoiceFormValues = InvoiceFieldsInput;
export type InvoiceFormField = keyof InvoiceFormValues;
export type InvoiceSplitValues = InvoiceFormValues['partialAmount'][number];
export type InvoiceLineItemValues = InvoiceFormValues['lineItems'][number];

export const INVOICE_FORM_FIELDS = Object.keys(invoiceFieldsSchema.shape) as InvoiceFormField[];
export const SPLIT_FIELDS = Object.keys(invoiceSplitSchema.shape) as (keyof InvoiceSplitValues)[];
export const LINE_ITEM_FIELDS = Object.keys(invoiceLineItemSchema.shape) as (keyof InvoiceLineItemValues)[];

export function isInvoiceFormField(name: string): name is InvoiceFormField {
  return (INVOICE_FORM_FIELDS as string[]).includes(name);
}

/** The editable fields of an invoice as the form shows them (the IBAN grouped in fours). */
export function toFormValues(invoice: Invoice): InvoiceFormValues {
  return {
    counterparty: invoice.counterparty,
    counterpartyName: invoice.counterpartyName,
    counterpartyIban: invoice.counterpartyIban ? formatIban(invoice.counterpartyIban) : null,
    counterpartyBic: invoice.counterpartyBic,
    counterpartyVat: invoice.counterpartyVat,
    invoiceNumber: invoice.invoiceNumber,
    purchaseOrder: invoice.purchaseOrder,
    date: invoice.date,
    dueDate: invoice.dueDate,
    billingPeriodStart: invoice.billingPeriodStart,
    billingPeriodEnd: invoice.billingPeriodEnd,
    netAmount: invoice.netAmount,
    taxAmount: invoice.taxAmount,
    totalAmount: invoice.totalAmount,
    currency: invoice.currency,
    type: invoice.type,
    skontoRate: invoice.skontoRate,
    skontoAmount: invoice.skontoAmount,
    skontoDate: invoice.skontoDate,
    skontoIgnoreDeadline: invoice.skontoIgnoreDeadline,
    paymentTerms: invoice.paymentTerms,
    notes: invoice.notes,
    shouldCreateTransaction: invoice.shouldCreateTransaction,
    alreadyPaid: invoice.alreadyPaid,
    alreadyPaidDate: invoice.alreadyPaidDate,
    costCenter: invoice.costCenter,
    costCenter2: invoice.costCenter2,
    ledgerAccount: invoice.ledgerAccount,
    taxRate: invoice.taxRate,
    taxKeyId: invoice.taxKeyId,
    partialAmount: invoice.partialAmount.map((split) => ({ ...split })),
    lineItems: invoice.lineItems.map((item) => ({ ...item })),
    remittanceInformation: invoice.remittanceInformation,
    debitorBankAccountId: invoice.debitorBankAccountId,
  };
}

export function emptySplit(amount: number | null = null): InvoiceSplitValues {
  // A new line starts without an amount; the schema asks for one before saving.
  return {
    amount: amount ?? Number.NaN,
    costCenter: null,
    costCenter2: null,
    ledgerAccount: null,
    taxKeyId: null,
    note: null,
  };
}

export function emptyLineItem(): InvoiceLineItemValues {
  return { description: '', quantity: 1000, unit: null, unitPrice: 0, totalPrice: 0, taxRate: null };
}

/** Text fields hold '' once cleared and null when never set; both mean "empty". */
function normalize(value: unknown): unknown {
  return value === '' || value === undefined ? null : value;
}

/** Deep equality of form values where '' equals null and NaN equals NaN. */
export function isSameValue(left: unknown, right: unknown): boolean {
  const a = normalize(left);
  const b = normalize(right);
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => isSameValue(item, b[index]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => isSameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return false;
}

/** The fields whose values differ between two versions of the form. */
export function changedFields(before: InvoiceFormValues, after: InvoiceFormValues): InvoiceFormField[] {
  return INVOICE_FORM_FIELDS.filter((field) => !isSameValue(before[field], after[field]));
}
