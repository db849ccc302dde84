import { describe, expect, it } from 'vitest';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { describeRefusals, selectionTotal } from './bulk-selection';

function item(overrides: Partial<InvoiceListItem>): InvoiceListItem {
  return {
    id: crypto.randomUUID(),
    status: 'in_approval',
    ocrStatus: 'done',
    matchingStatus: 'not_matched',
    counterpartyName: null,
    invoiceNumber: null,
    date: null,
    dueDate: null,
    totalAmount: null,
    currency: 'EUR',
    type: 'invoice',
    costCenter: null,
    version: 2,
    fileName: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

describe('selectionTotal', () => {
  it('adds invoices per currency and subtracts credit notes', () => {
    const total = selectionTotal([
      item({ totalAmount: 100_000 }),
      item({ totalAmount: 25_050 }),
      item({ totalAmount: 5_000, type: 'credit_note' }),
      item({ totalAmount: 8_000, currency: 'USD' }),
    ]);
    expect(total.replace(/\u00a0/g, ' ')).toBe('1.200,50 € + 80,00 $');
  });

  it('leaves out invoices without an amount, and is empty when none has one', () => {
    expect(selectionTotal([item({ totalAmount: null }), item({ totalAmount: 1_234 })]).replace(/\u00a0/g, ' ')).toBe('12,34 €');
    expect(selectionTotal([item({ totalAmount: null })])).toBe('');
  });
});

describe('describeRefusals', () => {
  it('names each refused invoice by number, else supplier, file or id', () => {
    const numbered = item({ invoiceNumber: 'RE-1', counterpartyName: 'Papier KG' });
    const supplierOnly = item({ counterpartyName: 'Papier KG' });
    const fileOnly = item({ fileName: 'scan.pdf' });
    const unknownId = crypto.randomUUID();
    const text = describeRefusals(
      [
        { id: numbered.id, reason: 'a' },
        { id: supplierOnly.id, reason: 'b' },
        { id: fileOnly.id, reason: 'c' },
        { id: unknownId, reason: 'd' },
      ],
      [numbered, supplierOnly, fileOnly],
    );
    expect(text.split('\n')).toEqual(['RE-1: a', 'Papier KG: b', 'scan.pdf: c', `${unknownId}: d`]);
  });
});
