import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { VALIDATION_KEYS } from '../validation';
import {
  arCancelSchema,
  arInvoiceInputSchema,
  arLineItemInputSchema,
  arMarkPaidSchema,
  type ArInvoiceInput,
} from './receivable-schema';

const COUNTERPARTY = '0b9f1c7e-4d2a-4f6b-9a51-3c8e2d7f1a64';
const CORRECTED = '5d3c2b1a-9e8f-4a7b-8c6d-1e2f3a4b5c6d';

const validLine = { description: 'Consulting', quantity: 1.5, unit: 'h', unitPrice: 12_000, taxRate: 1_900 };
const validInvoice = {
  type: 'invoice',
  counterpartyId: COUNTERPARTY,
  invoiceDate: '2026-03-01',
  dueDate: '2026-03-31',
  servicePeriodStart: '2026-02-01',
  servicePeriodEnd: '2026-02-28',
  currency: 'EUR',
  lineItems: [validLine],
  notes: null,
  paymentTermDays: 30,
  skontoRate: 200,
  skontoDays: 10,
  correctedInvoiceId: null,
};

/** Each issue as "path: message", the shape the server's fieldErrors are built from. */
function issuesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}
const invoiceIssues = (changes: Record<string, unknown>) => issuesOf(arInvoiceInputSchema, { ...validInvoice, ...changes });
const lineIssues = (changes: Record<string, unknown>) => issuesOf(arLineItemInputSchema, { ...validLine, ...changes });

describe('arInvoiceInputSchema', () => {
  it('accepts a complete invoice and a credit note', () => {
    const parsed: ArInvoiceInput = arInvoiceInputSchema.parse(validInvoice);
    expect(parsed).toEqual(validInvoice);
    expect(
      invoiceIssues({ type: 'credit_note', correctedInvoiceId: CORRECTED, lineItems: [{ ...validLine, quantity: -1.5 }] }),
    ).toEqual([]);
  });

  it('fills the currency with EUR, trims texts and turns an empty note into null', () => {
    const { currency: _currency, ...withoutCurrency } = validInvoice;
    const parsed = arInvoiceInputSchema.parse({
      ...withoutCurrency,
      notes: '   ',
      lineItems: [{ ...validLine, description: '  Consulting  ', unit: '' }],
    });
    expect(parsed.currency).toBe('EUR');
    expect(parsed.notes).toBeNull();
    expect(parsed.lineItems[0]).toMatchObject({ description: 'Consulting', unit: null });
  });

  it('accepts the minimal form: no period, no skonto, no terms, no note', () => {
    const minimal = {
      ...validInvoice,
      servicePeriodStart: null,
      servicePeriodEnd: null,
      paymentTermDays: null,
      skontoRate: null,
      skontoDays: null,
    };
    expect(invoiceIssues(minimal)).toEqual([]);
  });

  it('refuses a due date before the invoice date, on dueDate; the same day is fine', () => {
    expect(invoiceIssues({ dueDate: '2026-02-28' })).toEqual(['dueDate: due_before_date']);
    expect(invoiceIssues({ dueDate: '2026-03-01' })).toEqual([]);
  });

  it('wants both ends of the service period or neither, in order', () => {
    expect(invoiceIssues({ servicePeriodEnd: null })).toEqual(['servicePeriodEnd: billing_period_incomplete']);
    expect(invoiceIssues({ servicePeriodStart: null })).toEqual(['servicePeriodStart: billing_period_incomplete']);
    expect(invoiceIssues({ servicePeriodStart: '2026-03-01', servicePeriodEnd: '2026-02-28' })).toEqual([
      'servicePeriodEnd: billing_period_order',
    ]);
    expect(invoiceIssues({ servicePeriodStart: '2026-02-28', servicePeriodEnd: '2026-02-28' })).toEqual([]);
  });

  it('wants skonto rate and days together, the error on the one missing', () => {
    expect(invoiceIssues({ skontoDays: null })).toEqual(['skontoDays: skonto_terms_incomplete']);
    expect(invoiceIssues({ skontoRate: null })).toEqual(['skontoRate: skonto_terms_incomplete']);
  });

  it('wants a corrected invoice on a credit note and none on an invoice', () => {
    expect(invoiceIssues({ type: 'credit_note' })).toEqual(['correctedInvoiceId: corrected_invoice_required']);
    expect(invoiceIssues({ correctedInvoiceId: CORRECTED })).toEqual(['correctedInvoiceId: corrected_invoice_not_allowed']);
    // zod's own format message; the server turns it into its `invalid` key.
    expect(invoiceIssues({ type: 'credit_note', correctedInvoiceId: 'not-a-uuid' })).toEqual([
      'correctedInvoiceId: Invalid UUID',
    ]);
  });

  it('does not compare a date that is no date (its format message is enough)', () => {
    expect(invoiceIssues({ dueDate: '0000' })).toEqual(['dueDate: invalid_date']);
    expect(invoiceIssues({ servicePeriodStart: '2026-02-30' })).toEqual(['servicePeriodStart: invalid_date']);
    expect(invoiceIssues({ servicePeriodEnd: '1.1.2026' })).toEqual(['servicePeriodEnd: invalid_date']);
  });

  it('reports several cross-field mistakes at once', () => {
    expect(invoiceIssues({ dueDate: '2026-01-01', skontoRate: null, type: 'credit_note' })).toEqual([
      'dueDate: due_before_date',
      'skontoRate: skonto_terms_incomplete',
      'correctedInvoiceId: corrected_invoice_required',
    ]);
  });

  it('checks the simple fields and their limits', () => {
    expect(invoiceIssues({ type: 'reminder' })).toHaveLength(1);
    expect(invoiceIssues({ counterpartyId: 'abc' })).toHaveLength(1);
    expect(invoiceIssues({ invoiceDate: '2026-02-30' })).toEqual(['invoiceDate: invalid_date']);
    expect(invoiceIssues({ dueDate: '31.03.2026' })).toEqual(['dueDate: invalid_date']);
    expect(invoiceIssues({ currency: 'CHF' })).toHaveLength(1);
    expect(invoiceIssues({ lineItems: [] })).toHaveLength(1);
    expect(invoiceIssues({ lineItems: Array.from({ length: 500 }, () => validLine) })).toEqual([]);
    expect(invoiceIssues({ lineItems: Array.from({ length: 501 }, () => validLine) })).toHaveLength(1);
    expect(invoiceIssues({ notes: 'x'.repeat(2000) })).toEqual([]);
    expect(invoiceIssues({ notes: 'x'.repeat(2001) })).toEqual(['notes: too_long']);
    for (const [field, low, high] of [
      ['paymentTermDays', 0, 365],
      ['skontoRate', 1, 10_000],
      ['skontoDays', 1, 365],
    ] as const) {
      expect(invoiceIssues({ [field]: low }), `${field} ${low}`).toEqual([]);
      expect(invoiceIssues({ [field]: high }), `${field} ${high}`).toEqual([]);
      expect(invoiceIssues({ [field]: low - 1 }), `${field} ${low - 1}`).toHaveLength(1);
      expect(invoiceIssues({ [field]: high + 1 }), `${field} ${high + 1}`).toHaveLength(1);
      expect(invoiceIssues({ [field]: low + 0.5 }), `${field} ${low + 0.5}`).toHaveLength(1);
    }
  });

  it('names the line of a wrong line item', () => {
    expect(invoiceIssues({ lineItems: [validLine, { ...validLine, quantity: 0 }] })).toEqual([
      'lineItems.1.quantity: quantity_zero',
    ]);
  });
});

describe('arLineItemInputSchema', () => {
  it('accepts quantities with up to three decimals, either sign, up to a billion', () => {
    for (const quantity of [0.001, 0.025, -0.025, 1.5, -2, 1_000_000_000, -1_000_000_000, 999_999_999.999]) {
      expect(lineIssues({ quantity }), String(quantity)).toEqual([]);
    }
  });

  it('refuses a zero, over-precise, out-of-range or non-finite quantity', () => {
    expect(lineIssues({ quantity: 0 })).toEqual(['quantity: quantity_zero']);
    expect(lineIssues({ quantity: 0.0005 })).toEqual(['quantity: quantity_too_precise']);
    expect(lineIssues({ quantity: 1.0001 })).toEqual(['quantity: quantity_too_precise']);
    expect(lineIssues({ quantity: 1_000_000_000.001 })).toHaveLength(1);
    expect(lineIssues({ quantity: -1_000_000_001 })).toHaveLength(1);
    expect(lineIssues({ quantity: Number.POSITIVE_INFINITY })).toHaveLength(1);
    expect(lineIssues({ quantity: Number.NaN })).toHaveLength(1);
    expect(lineIssues({ quantity: '1' })).toHaveLength(1);
  });

  it('wants a description of 1 to 500 characters after trimming', () => {
    expect(lineIssues({ description: '   ' })).toEqual(['description: required']);
    expect(lineIssues({ description: 'x'.repeat(500) })).toEqual([]);
    expect(lineIssues({ description: 'x'.repeat(501) })).toEqual(['description: too_long']);
  });

  it('takes a unit of up to 20 characters or null', () => {
    expect(lineIssues({ unit: null })).toEqual([]);
    expect(lineIssues({ unit: 'x'.repeat(20) })).toEqual([]);
    expect(lineIssues({ unit: 'x'.repeat(21) })).toEqual(['unit: too_long']);
  });

  it('wants whole minor units up to ±1e12 for the price and 0–10 000 basis points for the rate', () => {
    for (const unitPrice of [0, -500, 1_000_000_000_000, -1_000_000_000_000]) expect(lineIssues({ unitPrice })).toEqual([]);
    for (const unitPrice of [12.5, 1_000_000_000_001, -1_000_000_000_001]) expect(lineIssues({ unitPrice })).toHaveLength(1);
    for (const taxRate of [0, 700, 1_900, 10_000]) expect(lineIssues({ taxRate })).toEqual([]);
    for (const taxRate of [-1, 10_001, 19.5, null]) expect(lineIssues({ taxRate })).toHaveLength(1);
  });
});

describe('arMarkPaidSchema and arCancelSchema', () => {
  it('records a positive whole amount on a date', () => {
    expect(arMarkPaidSchema.parse({ paidOn: '2026-03-15', amount: 1 })).toEqual({ paidOn: '2026-03-15', amount: 1 });
    expect(issuesOf(arMarkPaidSchema, { paidOn: '2026-03-15', amount: 0 })).toHaveLength(1);
    expect(issuesOf(arMarkPaidSchema, { paidOn: '2026-03-15', amount: -100 })).toHaveLength(1);
    expect(issuesOf(arMarkPaidSchema, { paidOn: '2026-03-15', amount: 10.5 })).toHaveLength(1);
    expect(issuesOf(arMarkPaidSchema, { paidOn: '2026-13-01', amount: 100 })).toEqual(['paidOn: invalid_date']);
  });

  it('cancels with a trimmed reason of 1 to 500 characters', () => {
    expect(arCancelSchema.parse({ reason: '  Wrong customer  ' })).toEqual({ reason: 'Wrong customer' });
    expect(issuesOf(arCancelSchema, { reason: '  ' })).toEqual(['reason: reason_required']);
    expect(issuesOf(arCancelSchema, { reason: 'x'.repeat(500) })).toEqual([]);
    expect(issuesOf(arCancelSchema, { reason: 'x'.repeat(501) })).toEqual(['reason: too_long']);
  });
});

describe('receivable validation keys', () => {
  it('emits, for its own rules, only keys of VALIDATION_KEYS (each translated)', () => {
    const known = new Set<string>(VALIDATION_KEYS);
    const messages = [
      ...invoiceIssues({ dueDate: '2026-01-01', servicePeriodEnd: null, skontoDays: null, type: 'credit_note' }),
      ...invoiceIssues({ servicePeriodStart: '2026-03-01', correctedInvoiceId: CORRECTED, notes: 'x'.repeat(2001) }),
      ...lineIssues({ quantity: 0, description: '' }),
      ...lineIssues({ quantity: 0.0001, unit: 'x'.repeat(21) }),
      ...issuesOf(arCancelSchema, { reason: '' }),
    ].map((issue) => issue.split(': ')[1]!);
    expect(messages.length).toBeGreaterThan(8);
    for (const message of messages) expect(known.has(message), message).toBe(true);
  });
});
