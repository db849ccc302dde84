import type { z } from 'zod';
import { addDaysIso, isIsoDate } from '@kontor/domain/dates';
import { INVOICE_CURRENCIES, type InvoiceCurrency } from '@kontor/domain/invoices/invoice-fields';
import {
  quantityThousandths,
  receivableTotals,
  lineNetAmount,
  type ReceivableTotals,
} from '@kontor/domain/receivables/receivable-amounts';
import type { arInvoiceInputSchema } from '@kontor/domain/receivables/receivable-schema';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import { mergeStaleFields, type StaleMerge } from '@/lib/stale-merge';

type SchemaInput = z.input<typeof arInvoiceInputSchema>;

/**
 * One line as the form holds it: the schema's input, except that a number being typed may be
 * empty (null) or unreadable (NaN) until the schema refuses it with its message.
 */
export interface ReceivableLineValues {
  description: string;
  /** The quantity itself (1.5), not thousandths: what the API takes. */
  quantity: number | null;
  unit: string | null;
  /** Minor units. */
  unitPrice: number | null;
  /** Basis points: 1900 = 19 %. */
  taxRate: number | null;
}

/** What the form edits: the input of the schema the server validates with (ARCHITECTURE §3.1). */
export type ReceivableFormValues = Omit<SchemaInput, 'lineItems' | 'currency' | 'paymentTermDays'> & {
  currency: InvoiceCurrency;
  lineItems: ReceivableLineValues[];
  paymentTermDays: number | null;
};
export type ReceivableFormField = keyof ReceivableFormValues;

export const RECEIVABLE_FORM_FIELDS = [
  'type',
  'counterpartyId',
  'invoiceDate',
  'dueDate',
  'servicePeriodStart',
  'servicePeriodEnd',
  'currency',
  'lineItems',
  'notes',
  'paymentTermDays',
  'skontoRate',
  'skontoDays',
  'correctedInvoiceId',
] as const satisfies readonly ReceivableFormField[];

/** The fields the form has a control for; a server message about another one is shown above the form. */
const CONTROLLED_FIELDS: readonly string[] = [
  'counterpartyId',
  'invoiceDate',
  'dueDate',
  'servicePeriodStart',
  'servicePeriodEnd',
  'currency',
  'lineItems',
  'notes',
  'paymentTermDays',
  'skontoRate',
  'skontoDays',
];
const LINE_FIELDS: readonly string[] = ['description', 'quantity', 'unit', 'unitPrice', 'taxRate'];

/** Whether a dotted server path names a control of the form: a field, the lines, or a line's field. */
export function isReceivableFormPath(path: string): boolean {
  const [field, index, nested, ...rest] = path.split('.');
  if (!field || !CONTROLLED_FIELDS.includes(field)) return false;
  if (index === undefined) return true;
  if (field !== 'lineItems' || !/^\d+$/.test(index) || rest.length > 0) return false;
  return nested === undefined || LINE_FIELDS.includes(nested);
}

/** Without payment terms of the customer an invoice is due two weeks after its date. */
export const DEFAULT_PAYMENT_TERM_DAYS = 14;
/** German standard rate; a new line takes the rate of the line above it. */
export const DEFAULT_TAX_RATE = 1900;

/** The due date that payment terms give, or null while the invoice date cannot be read. */
export function dueDateFor(invoiceDate: string | null | undefined, termDays: number | null | undefined): string | null {
  if (!invoiceDate || !isIsoDate(invoiceDate)) return null;
  const days =
    typeof termDays === 'number' && Number.isSafeInteger(termDays) && termDays >= 0 ? termDays : DEFAULT_PAYMENT_TERM_DAYS;
  return addDaysIso(invoiceDate, days);
}

interface DueBasis {
  invoiceDate: string | null | undefined;
  termDays: number | null | undefined;
}

/**
 * The due date after the invoice date or the payment terms changed: it follows them while it is
 * still the date they gave, and a date typed by hand is kept.
 */
export function nextDueDate(current: string | null | undefined, before: DueBasis, after: DueBasis): string | null {
  const followed = dueDateFor(before.invoiceDate, before.termDays);
  const isTypedByHand = Boolean(current) && current !== followed;
  if (isTypedByHand) return current ?? null;
  return dueDateFor(after.invoiceDate, after.termDays) ?? current ?? null;
}

export function emptyLine(taxRate: number | null = DEFAULT_TAX_RATE): ReceivableLineValues {
  return { description: '', quantity: 1, unit: null, unitPrice: null, taxRate };
}

function isCurrency(value: string): value is InvoiceCurrency {
  return (INVOICE_CURRENCIES as readonly string[]).includes(value);
}

/** The form's start: a loaded invoice, or a new one dated today, due in two weeks, with one empty line. */
export function toReceivableFormValues(record: ArInvoice | null, today: string): ReceivableFormValues {
  if (!record) {
    return {
      type: 'invoice',
      counterpartyId: '',
      invoiceDate: today,
      dueDate: dueDateFor(today, null) ?? today,
      servicePeriodStart: null,
      servicePeriodEnd: null,
      currency: 'EUR',
      lineItems: [emptyLine()],
      notes: null,
      paymentTermDays: null,
      skontoRate: null,
      skontoDays: null,
      correctedInvoiceId: null,
    };
  }
  return {
    type: record.type,
    counterpartyId: record.counterpartyId,
    invoiceDate: record.invoiceDate,
    dueDate: record.dueDate,
    servicePeriodStart: record.servicePeriodStart,
    servicePeriodEnd: record.servicePeriodEnd,
    // The API takes only these; an old record in another currency shows EUR and says so on save.
    currency: isCurrency(record.currency) ? record.currency : 'EUR',
    lineItems: record.lineItems.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
    })),
    notes: record.notes,
    paymentTermDays: record.paymentTermDays,
    skontoRate: record.skontoRate,
    skontoDays: record.skontoDays,
    correctedInvoiceId: record.correctedInvoiceId,
  };
}

/**
 * A credit note for an issued invoice: the same customer, currency, service period and lines, dated
 * today and due at once (it is money the organisation owes back), referring to the invoice.
 */
export function creditNoteValues(invoice: ArInvoice, today: string): ReceivableFormValues {
  return {
    ...toReceivableFormValues(invoice, today),
    type: 'credit_note',
    correctedInvoiceId: invoice.id,
    invoiceDate: today,
    dueDate: today,
    paymentTermDays: null,
    skontoRate: null,
    skontoDays: null,
    notes: null,
  };
}

export type ReceivableEditMerge = StaleMerge<ReceivableFormValues, ReceivableFormField>;

/** Someone saved the invoice while I edited it (409): my changes laid over theirs, field by field. */
export function mergeReceivableEdit(
  base: ReceivableFormValues,
  mine: ReceivableFormValues,
  fresh: ReceivableFormValues,
): ReceivableEditMerge {
  return mergeStaleFields(RECEIVABLE_FORM_FIELDS, base, mine, fresh);
}

interface CountableLine {
  quantity: number;
  unitPrice: number;
  taxRate: number;
}

function isCountable(line: Partial<ReceivableLineValues> | undefined): line is CountableLine & Partial<ReceivableLineValues> {
  return (
    line !== undefined &&
    typeof line.quantity === 'number' &&
    quantityThousandths(line.quantity) !== null &&
    typeof line.unitPrice === 'number' &&
    Number.isSafeInteger(line.unitPrice) &&
    typeof line.taxRate === 'number' &&
    Number.isSafeInteger(line.taxRate) &&
    line.taxRate >= 0
  );
}

/** A line's net amount as the server computes it, or null while quantity or price cannot be read. */
export function lineNetOf(line: Partial<ReceivableLineValues> | undefined): number | null {
  if (!line || typeof line.quantity !== 'number' || quantityThousandths(line.quantity) === null) return null;
  if (typeof line.unitPrice !== 'number' || !Number.isSafeInteger(line.unitPrice)) return null;
  try {
    return lineNetAmount(line.quantity, line.unitPrice);
  } catch {
    return null;
  }
}

export interface LiveTotals {
  totals: ReceivableTotals;
  /** Lines left out because a quantity, price or rate cannot be read yet. */
  skipped: number;
}

const NO_TOTALS: ReceivableTotals = { netAmount: 0, taxAmount: 0, totalAmount: 0, taxBreakdown: [] };

/**
 * Net, tax per rate and total of what is typed, computed by the domain exactly as the server will
 * (receivableTotals: per-rate rounding, half away from zero). Lines that cannot be read yet are
 * counted as skipped, so the form can say the figures are not complete.
 */
export function liveTotals(lines: readonly (Partial<ReceivableLineValues> | undefined)[]): LiveTotals {
  const countable = lines.filter(isCountable).map(({ quantity, unitPrice, taxRate }) => ({ quantity, unitPrice, taxRate }));
  try {
    return { totals: receivableTotals(countable), skipped: lines.length - countable.length };
  } catch {
    // Beyond what a number holds exactly: the server refuses it too; show nothing rather than a wrong figure.
    return { totals: NO_TOTALS, skipped: lines.length };
  }
}
