import { z } from 'zod';
import { isIsoDate } from '../dates';
import { MAX_AMOUNT_MINOR, basisPointsSchema, currencySchema, isoDateSchema, optionalText } from '../invoices/invoice-fields';
import { quantityThousandths } from './receivable-amounts';

/**
 * Input of an outgoing invoice (ARCHITECTURE §3.1: the server, the web form and the OpenAPI
 * document use these schemas). Messages are keys of locales/{de,en}/validation.json; the rules
 * across fields reuse the keys the incoming invoice and the counterparty already translate.
 */

export const AR_INVOICE_TYPES = ['invoice', 'credit_note'] as const;
export type ArInvoiceType = (typeof AR_INVOICE_TYPES)[number];

/** Quantities are typed, not counted: up to a billion units in thousandths (hours, kg, litres). */
export const MAX_AR_QUANTITY = 1_000_000_000;
/**
 * Unit prices up to ten billion euros in cents. A line at both limits exceeds what a number holds
 * exactly; receivable-amounts.ts refuses such a product rather than round it.
 */
export const MAX_AR_UNIT_PRICE = 1_000_000_000_000;

export const arLineItemInputSchema = z.object({
  description: z.string().trim().min(1, { message: 'required' }).max(500, { message: 'too_long' }),
  /** Negative on a credit note; never zero (a line of nothing is a typing mistake). */
  quantity: z
    .number()
    .min(-MAX_AR_QUANTITY)
    .max(MAX_AR_QUANTITY)
    .refine((quantity) => quantity !== 0, { message: 'quantity_zero' })
    .refine((quantity) => Math.abs(quantity) > MAX_AR_QUANTITY || quantityThousandths(quantity) !== null, {
      // Out of range is already reported; one message per mistake.
      message: 'quantity_too_precise',
    }),
  unit: optionalText(20),
  /** Minor units. */
  unitPrice: z.number().int().min(-MAX_AR_UNIT_PRICE).max(MAX_AR_UNIT_PRICE),
  /** Basis points: 1900 = 19 %. */
  taxRate: basisPointsSchema,
});
export type ArLineItemInput = z.infer<typeof arLineItemInputSchema>;

const arInvoiceFieldsSchema = z.object({
  type: z.enum(AR_INVOICE_TYPES),
  counterpartyId: z.uuid(),
  invoiceDate: isoDateSchema,
  dueDate: isoDateSchema,
  /** The service period (Leistungszeitraum): both ends or neither. */
  servicePeriodStart: isoDateSchema.nullable(),
  servicePeriodEnd: isoDateSchema.nullable(),
  currency: currencySchema.default('EUR'),
  lineItems: z.array(arLineItemInputSchema).min(1).max(500),
  notes: optionalText(2000),
  paymentTermDays: z.number().int().min(0).max(365).nullable(),
  /** Basis points (2 % = 200); with skontoDays or not at all. */
  skontoRate: z.number().int().min(1).max(10_000).nullable(),
  skontoDays: z.number().int().min(1).max(365).nullable(),
  /** The invoice a credit note corrects; an invoice has none. */
  correctedInvoiceId: z.uuid().nullable(),
});

type ArInvoiceFields = z.infer<typeof arInvoiceFieldsSchema>;

/** The rules across fields, each reported on the field a person has to change. */
function checkArInvoiceFields(fields: ArInvoiceFields, context: z.RefinementCtx): void {
  const add = (path: keyof ArInvoiceFields, message: string) => context.addIssue({ code: 'custom', path: [path], message });

  // zod still runs this after a date failed its format check; such a date has its own message, and
  // only real YYYY-MM-DD strings compare in date order.
  const dayOf = (value: string | null) => (value !== null && isIsoDate(value) ? value : null);
  const [invoiceDate, dueDate] = [dayOf(fields.invoiceDate), dayOf(fields.dueDate)];
  if (invoiceDate && dueDate && dueDate < invoiceDate) add('dueDate', 'due_before_date');

  const { servicePeriodStart, servicePeriodEnd } = fields;
  if ((servicePeriodStart === null) !== (servicePeriodEnd === null)) {
    add(servicePeriodStart === null ? 'servicePeriodStart' : 'servicePeriodEnd', 'billing_period_incomplete');
  }
  const [start, end] = [dayOf(servicePeriodStart), dayOf(servicePeriodEnd)];
  if (start && end && end < start) add('servicePeriodEnd', 'billing_period_order');

  if ((fields.skontoRate === null) !== (fields.skontoDays === null)) {
    add(fields.skontoRate === null ? 'skontoRate' : 'skontoDays', 'skonto_terms_incomplete');
  }

  // A credit note (§14 UStG, EN 16931 BG-3) must name the invoice it corrects.
  if (fields.type === 'credit_note' && fields.correctedInvoiceId === null)
    add('correctedInvoiceId', 'corrected_invoice_required');
  if (fields.type === 'invoice' && fields.correctedInvoiceId !== null) add('correctedInvoiceId', 'corrected_invoice_not_allowed');
}

/** POST/PUT of an outgoing invoice or credit note. Totals are not input: they follow from the lines. */
export const arInvoiceInputSchema = arInvoiceFieldsSchema.superRefine(checkArInvoiceFields);
export type ArInvoiceInput = z.infer<typeof arInvoiceInputSchema>;

/** Recording a payment: the amount received, absolute (a refund on a credit note is positive too). */
export const arMarkPaidSchema = z.object({
  paidOn: isoDateSchema,
  amount: z.number().int().positive().max(MAX_AMOUNT_MINOR),
});
export type ArMarkPaid = z.infer<typeof arMarkPaidSchema>;

/** Canceling needs a reason, as for incoming invoices (SPEC §5). */
export const arCancelSchema = z.object({
  reason: z.string().trim().min(1, { message: 'reason_required' }).max(500, { message: 'too_long' }),
});
export type ArCancel = z.infer<typeof arCancelSchema>;
