import { describe, expect, it } from 'vitest';
import { arInvoiceInputSchema } from '@kontor/domain/receivables/receivable-schema';
import type { ArInvoice } from '@kontor/domain/receivables/receivable-view';
import {
  creditNoteValues,
  dueDateFor,
  emptyLine,
  isReceivableFormPath,
  lineNetOf,
  liveTotals,
  mergeReceivableEdit,
  nextDueDate,
  toReceivableFormValues,
} from './receivable-form';

const CUSTOMER = '0b8f2a1e-4c3d-4e5f-8a9b-1c2d3e4f5a6b';

const record: ArInvoice = {
  id: '6f1e2d3c-4b5a-4968-8776-655443322110',
  version: 3,
  type: 'invoice',
  status: 'outstanding',
  invoiceNumber: 'RE-10000',
  counterpartyId: CUSTOMER,
  counterpartyName: 'Holzbau Krämer GmbH',
  counterpartyArNumber: '10001',
  invoiceDate: '2026-03-01',
  dueDate: '2026-03-31',
  currency: 'EUR',
  netAmount: 15_000,
  taxAmount: 2_850,
  totalAmount: 17_850,
  paidAmount: 0,
  paidOn: null,
  servicePeriodStart: '2026-02-01',
  servicePeriodEnd: '2026-02-28',
  taxBreakdown: [{ rate: 1900, basis: 15_000, tax: 2_850 }],
  notes: 'Danke!',
  paymentTermDays: 30,
  skontoRate: null,
  skontoDays: null,
  correctedInvoiceId: null,
  cancelReason: null,
  createdAt: '2026-03-01T10:00:00Z',
  lineItems: [
    {
      id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      position: 0,
      description: 'Beratung',
      quantity: 1.5,
      unit: 'h',
      unitPrice: 10_000,
      taxRate: 1900,
      netAmount: 15_000,
    },
  ],
};

describe('form values', () => {
  it('start a new invoice today, due in 14 days, in euros, with one empty line at 19 %', () => {
    const values = toReceivableFormValues(null, '2026-03-10');
    expect(values).toMatchObject({ invoiceDate: '2026-03-10', dueDate: '2026-03-24', currency: 'EUR', counterpartyId: '' });
    expect(values.lineItems).toEqual([{ description: '', quantity: 1, unit: null, unitPrice: null, taxRate: 1900 }]);
  });

  it('of a loaded invoice pass the server’s schema as they are', () => {
    const values = toReceivableFormValues(record, '2026-03-10');
    expect(values.lineItems[0]).toEqual({ description: 'Beratung', quantity: 1.5, unit: 'h', unitPrice: 10_000, taxRate: 1900 });
    expect(arInvoiceInputSchema.safeParse(values).success).toBe(true);
  });

  it('name the form’s controls for server field errors; other paths go above the form', () => {
    for (const path of ['counterpartyId', 'dueDate', 'lineItems', 'lineItems.2.unitPrice', 'notes', 'skontoRate', 'skontoDays'])
      expect(isReceivableFormPath(path), path).toBe(true);
    for (const path of ['correctedInvoiceId', 'lineItems.x.unit', 'lineItems.0.netAmount', 'version', ''])
      expect(isReceivableFormPath(path), path).toBe(false);
  });

  it('merge a stale edit per field: mine kept, theirs taken, both reported', () => {
    const base = toReceivableFormValues(record, '2026-03-10');
    const mine = { ...base, dueDate: '2026-04-15' };
    const fresh = { ...base, notes: 'Neu', dueDate: '2026-04-01' };
    const merge = mergeReceivableEdit(base, mine, fresh);
    expect(merge.values).toMatchObject({ dueDate: '2026-04-15', notes: 'Neu' });
    expect(merge.mine).toEqual(['dueDate']);
    expect(merge.conflicts).toEqual(['dueDate']);
  });
});

describe('due date from payment terms', () => {
  it('adds the terms, or 14 days without any, to a readable invoice date', () => {
    expect(dueDateFor('2026-03-10', 30)).toBe('2026-04-09');
    expect(dueDateFor('2026-03-10', null)).toBe('2026-03-24');
    expect(dueDateFor('2026-03-10', 0)).toBe('2026-03-10');
    expect(dueDateFor('10.03.', 30)).toBeNull();
  });

  it('follows the invoice date and terms while untouched, keeps a date typed by hand', () => {
    const before = { invoiceDate: '2026-03-10', termDays: null };
    expect(nextDueDate('2026-03-24', before, { invoiceDate: '2026-03-10', termDays: 30 })).toBe('2026-04-09');
    expect(nextDueDate('2026-03-24', before, { invoiceDate: '2026-03-01', termDays: null })).toBe('2026-03-15');
    expect(nextDueDate('2026-05-01', before, { invoiceDate: '2026-03-01', termDays: 30 })).toBe('2026-05-01');
    expect(nextDueDate(null, before, { invoiceDate: '2026-03-01', termDays: null })).toBe('2026-03-15');
  });
});

describe('live totals', () => {
  it('compute per rate exactly as the server: the tax is rounded once per rate, not per line', () => {
    const lines = [
      { ...emptyLine(), quantity: 1, unitPrice: 102 },
      { ...emptyLine(), quantity: 1, unitPrice: 102 },
      { ...emptyLine(), quantity: 1, unitPrice: 102 },
      { ...emptyLine(700), quantity: 2.5, unitPrice: 399 },
    ];
    const { totals, skipped } = liveTotals(lines);
    expect(skipped).toBe(0);
    // 19 % of 3,06 € = 0,5814 → 0,58 € (per line it would be 3 × 0,19 € = 0,57 €); 7 % of 9,98 € = 0,6986 → 0,70 €.
    expect(totals.taxBreakdown).toEqual([
      { rate: 1900, basis: 306, tax: 58 },
      { rate: 700, basis: 998, tax: 70 },
    ]);
    expect(totals).toMatchObject({ netAmount: 1_304, taxAmount: 128, totalAmount: 1_432 });
  });

  it('leave out and count lines that cannot be read yet', () => {
    const { totals, skipped } = liveTotals([
      { ...emptyLine(), quantity: 2, unitPrice: 5_000 },
      emptyLine(),
      { ...emptyLine(), quantity: Number.NaN, unitPrice: 100 },
      { ...emptyLine(null), quantity: 1, unitPrice: 100 },
    ]);
    expect(skipped).toBe(3);
    expect(totals.totalAmount).toBe(11_900);
  });

  it('give a line’s net amount rounded to the cent, or null while unreadable', () => {
    expect(lineNetOf({ quantity: 0.333, unitPrice: 1_000 })).toBe(333);
    expect(lineNetOf({ quantity: 1.0005, unitPrice: 1_000 })).toBeNull();
    expect(lineNetOf({ quantity: 1, unitPrice: null })).toBeNull();
  });
});

describe('credit note for an invoice', () => {
  it('starts from the invoice: same customer and lines, dated today, due at once, referring to it', () => {
    const values = creditNoteValues(record, '2026-12-07');
    expect(values).toMatchObject({
      type: 'credit_note',
      correctedInvoiceId: record.id,
      counterpartyId: record.counterpartyId,
      invoiceDate: '2026-12-07',
      dueDate: '2026-12-07',
      paymentTermDays: null,
      skontoRate: null,
      skontoDays: null,
    });
    expect(values.lineItems).toEqual(
      record.lineItems.map(({ description, quantity, unit, unitPrice, taxRate }) => ({
        description,
        quantity,
        unit,
        unitPrice,
        taxRate,
      })),
    );
    // What the server's schema takes as it is.
    expect(arInvoiceInputSchema.safeParse(values).success).toBe(true);
  });
});
