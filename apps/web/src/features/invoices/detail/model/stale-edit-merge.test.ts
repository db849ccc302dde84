import { describe, expect, it } from 'vitest';
import { toFormValues } from './invoice-form-values';
import { mergeStaleEdit } from './stale-edit-merge';
import { buildInvoice } from './test-invoice';

describe('mergeStaleEdit', () => {
  const base = toFormValues(buildInvoice());

  it('keeps every field I typed and takes the rest from the fresh version', () => {
    const mine = { ...base, invoiceNumber: 'R-2002', notes: 'checked' };
    const fresh = toFormValues(buildInvoice({ version: 4, dueDate: '2026-12-15', paymentTerms: '30 Tage netto' }));
    const merge = mergeStaleEdit(base, mine, fresh);
    expect(merge.values.invoiceNumber).toBe('R-2002');
    expect(merge.values.notes).toBe('checked');
    expect(merge.values.dueDate).toBe('2026-12-15');
    expect(merge.values.paymentTerms).toBe('30 Tage netto');
    expect(merge.mine.sort()).toEqual(['invoiceNumber', 'notes']);
    expect(merge.theirs.sort()).toEqual(['dueDate', 'paymentTerms']);
    expect(merge.conflicts).toEqual([]);
  });

  it('reports fields both changed differently, and my value wins', () => {
    const mine = { ...base, totalAmount: 12_000 };
    const fresh = toFormValues(buildInvoice({ totalAmount: 13_000 }));
    const merge = mergeStaleEdit(base, mine, fresh);
    expect(merge.values.totalAmount).toBe(12_000);
    expect(merge.conflicts).toEqual(['totalAmount']);
  });

  it('is no conflict when both typed the same value', () => {
    const mine = { ...base, invoiceNumber: 'R-9' };
    const fresh = toFormValues(buildInvoice({ invoiceNumber: 'R-9' }));
    expect(mergeStaleEdit(base, mine, fresh).conflicts).toEqual([]);
  });

  it('treats a cleared text field as empty, not as a change from null', () => {
    const mine = { ...base, purchaseOrder: '' };
    expect(mergeStaleEdit(base, mine, base).mine).toEqual([]);
  });

  it('merges split lines as one field', () => {
    const split = { amount: 11_900, costCenter: null, costCenter2: null, ledgerAccount: null, taxKeyId: null, note: null };
    const mine = { ...base, partialAmount: [split] };
    const fresh = toFormValues(buildInvoice({ notes: 'from a colleague' }));
    const merge = mergeStaleEdit(base, mine, fresh);
    expect(merge.values.partialAmount).toEqual([split]);
    expect(merge.values.notes).toBe('from a colleague');
  });
});
