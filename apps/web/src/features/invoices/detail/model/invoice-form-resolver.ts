import { zodResolver } from '@hookform/resolvers/zod';
import { get, set, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { checkInvoiceRules } from '@kontor/domain/invoices/invoice-rules';
import { invoiceFormSchema, type InvoiceFields } from '@kontor/domain/invoices/invoice-schema';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import type { InvoiceFormValues } from './invoice-form-values';
import { describeSplitBalance } from './split-balance-display';

const schemaResolver = zodResolver(invoiceFormSchema, zodErrorOptions);

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** Rewrites every message of the error tree in place: rule codes become sentences with their params. */
function translateErrors(node: unknown, params: Record<string, string | number>): void {
  if (typeof node !== 'object' || node === null) return;
  if (isFieldError(node)) node.message = translateFieldMessage(node.message, params) ?? node.message;
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'ref' && key !== 'message') translateErrors(child, params);
  }
}

/**
 * zodResolver with the schema the server validates with (ARCHITECTURE §3.1). The domain's rule
 * messages are codes of the `validation` namespace; react-hook-form keeps only the code, so
 * the split difference is worked out again from the same values to fill the message's {{difference}}.
 */
const emptyToNull = (value: string | null | undefined) => (value ? value : null);

/**
 * zod runs the object's rule refinement only once every field has the right type, so a form
 * with an unreadable amount would hide "invoice number required" until that is fixed. The same
 * rule function runs here on the raw values to list them all at once.
 */
function addRuleErrors(errors: FieldErrors, values: InvoiceFormValues): void {
  const findings = checkInvoiceRules({
    ...values,
    counterpartyIban: emptyToNull(values.counterpartyIban),
    counterpartyVat: emptyToNull(values.counterpartyVat),
    invoiceNumber: emptyToNull(values.invoiceNumber?.trim()),
    date: emptyToNull(values.date),
    dueDate: emptyToNull(values.dueDate),
    billingPeriodStart: emptyToNull(values.billingPeriodStart),
    billingPeriodEnd: emptyToNull(values.billingPeriodEnd),
    skontoDate: emptyToNull(values.skontoDate),
    alreadyPaidDate: emptyToNull(values.alreadyPaidDate),
    currency: values.currency ?? null,
  });
  for (const finding of findings) {
    const path = finding.path.join('.');
    if (!get(errors, path)) set(errors, path, { type: 'custom', message: finding.message });
  }
}

export const invoiceFormResolver: Resolver<InvoiceFormValues, unknown, InvoiceFields> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (Object.keys(result.errors).length > 0) addRuleErrors(result.errors as FieldErrors, values);
  const balance = describeSplitBalance(values.totalAmount, values.partialAmount, values.currency);
  translateErrors(result.errors as FieldErrors, balance.message?.params ?? {});
  return result;
};
