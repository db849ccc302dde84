import { describe, expect, it } from 'vitest';
import { activityDetails, activityVerb, describeActivityChanges } from './activity-changes';

const status = (value: string) => `status:${value}`;

describe('describeActivityChanges', () => {
  it('formats amounts, rates and statuses and hides ids and lists', () => {
    const changes = describeActivityChanges(
      {
        totalAmount: { from: 11_900, to: 12_000 },
        taxRate: { from: 1900, to: 700 },
        status: { from: 'new', to: 'archived' },
        costCenterId: { from: null, to: 'a2b0…' },
        splits: { from: [], to: [{ amount: 1 }] },
        invoiceNumber: { from: null, to: 'R-1' },
      },
      status,
    );
    const byField = Object.fromEntries(changes.map((change) => [change.field, change]));
    expect(byField.totalAmount?.from?.replace(/\s/g, ' ')).toBe('119,00 €');
    expect(byField.taxRate).toMatchObject({ from: '19 %', to: '7 %' });
    expect(byField.status).toMatchObject({ from: 'status:new', to: 'status:archived' });
    expect(byField.costCenterId).toMatchObject({ hasValues: false });
    expect(byField.splits).toMatchObject({ hasValues: false });
    expect(byField.invoiceNumber).toMatchObject({ from: null, to: 'R-1' });
  });

  it('ignores entries that are not field changes', () => {
    expect(describeActivityChanges({ reason: 'duplicate' }, status)).toEqual([]);
    expect(describeActivityChanges(null, status)).toEqual([]);
  });
});

describe('activityVerb and activityDetails', () => {
  it('names archive, restore, comments and attachments written as updates', () => {
    expect(activityVerb('update', { status: { from: 'new', to: 'archived' } })).toBe('archive');
    expect(activityVerb('update', { status: { from: 'cancelled', to: 'new' } })).toBe('restore');
    expect(activityVerb('update', { commentAdded: 'c1' })).toBe('comment');
    expect(activityVerb('update', { attachmentsAdded: ['a.pdf'] })).toBe('attach');
    expect(activityVerb('update', { attachmentRemoved: 'a.pdf' })).toBe('detach');
    expect(activityVerb('update', { invoiceNumber: { from: null, to: 'R-1' } })).toBe('update');
    expect(activityVerb('cancel', { status: { from: 'new', to: 'cancelled' }, reason: 'duplicate' })).toBe('cancel');
    expect(activityVerb('update', { approver: { from: 'Anna', to: 'Dora' }, step: 0 })).toBe('reassign');
  });

  it('shows the reason and the files', () => {
    expect(activityDetails({ reason: 'duplicate' })).toEqual({ reason: 'duplicate' });
    expect(activityDetails({ attachmentsAdded: ['a.pdf', 'b.png'] })).toEqual({ files: ['a.pdf', 'b.png'] });
    expect(activityDetails({ attachmentRemoved: 'a.pdf' })).toEqual({ files: ['a.pdf'] });
    expect(activityDetails({ approver: { from: 'Anna', to: 'Dora' }, note: 'Urlaub' })).toEqual({ note: 'Urlaub' });
  });

  it('shows who an approval was handed on from and to, not the ids', () => {
    const changes = describeActivityChanges(
      { approver: { from: 'Anna', to: 'Dora' }, fromApproverId: 'a', toApproverId: 'd', step: 0 },
      (status) => status,
    );
    expect(changes).toEqual([{ field: 'approver', from: 'Anna', to: 'Dora', hasValues: true }]);
  });
});
