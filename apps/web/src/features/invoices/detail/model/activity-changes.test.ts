import { describe, expect, it } from 'vitest';
import {
  activityDetails,
  activityVerb,
  activityVerbValues,
  describeActivityChanges,
  describeActivityEntryChanges,
} from './activity-changes';

const status = (value: string) => `status:${value}`;

describe('describeActivityChanges', () => {
  it('formats amounts, rates and statuses and hides ids and lists', () => {
    const changes = describeActivityChanges(
      {
        totalAmount: { from: 11_900, to: 12_000 },
        taxRate: { from: 1900, to: 700 },
        status: { from: 'new', to: 'archived' },
        costCenter: { from: null, to: 'a2b0…' },
        counterparty: { from: 'c1d2…', to: null },
        partialAmount: { from: [], to: [{ amount: 1 }] },
        invoiceNumber: { from: null, to: 'R-1' },
      },
      status,
    );
    const byField = Object.fromEntries(changes.map((change) => [change.field, change]));
    expect(byField.totalAmount?.from?.replace(/\s/g, ' ')).toBe('119,00 €');
    expect(byField.taxRate).toMatchObject({ from: '19 %', to: '7 %' });
    expect(byField.status).toMatchObject({ from: 'status:new', to: 'status:archived' });
    expect(byField.costCenter).toMatchObject({ hasValues: false });
    expect(byField.counterparty).toMatchObject({ hasValues: false });
    expect(byField.partialAmount).toMatchObject({ hasValues: false });
    expect(byField.invoiceNumber).toMatchObject({ from: null, to: 'R-1' });
  });

  it('names master data by code and name, and hides ids it cannot name', () => {
    const names: Record<string, string> = { k1: '100 - Verwaltung', k2: '200 - Vertrieb', l1: '4930 - Bürobedarf' };
    const referenceName = (field: string, id: string) => (field === 'counterparty' ? 'never asked' : (names[id] ?? null));
    const changes = describeActivityChanges(
      {
        costCenter: { from: 'k1', to: 'k2' },
        ledgerAccount: { from: null, to: 'l1' },
        costCenter2: { from: 'deleted', to: null },
        counterparty: { from: null, to: 'c1' },
      },
      status,
      referenceName,
    );
    const byField = Object.fromEntries(changes.map((change) => [change.field, change]));
    expect(byField.costCenter).toEqual({ field: 'costCenter', from: '100 - Verwaltung', to: '200 - Vertrieb', hasValues: true });
    expect(byField.ledgerAccount).toEqual({ field: 'ledgerAccount', from: null, to: '4930 - Bürobedarf', hasValues: true });
    expect(byField.costCenter2).toMatchObject({ hasValues: false });
    expect(byField.counterparty).toMatchObject({ hasValues: false });
  });

  it('ignores entries that are not field changes', () => {
    expect(describeActivityChanges({ reason: 'duplicate' }, status)).toEqual([]);
    expect(describeActivityChanges(null, status)).toEqual([]);
  });
});

describe('activityVerb and activityDetails', () => {
  it('names archive, restore, comments and attachments written as updates', () => {
    expect(activityVerb({ action: 'update', changes: { status: { from: 'new', to: 'archived' } } })).toBe('archive');
    expect(activityVerb({ action: 'update', changes: { status: { from: 'cancelled', to: 'new' } } })).toBe('restore');
    expect(activityVerb({ action: 'update', changes: { commentAdded: 'c1' } })).toBe('comment');
    expect(activityVerb({ action: 'update', changes: { attachmentsAdded: ['a.pdf'] } })).toBe('attach');
    expect(activityVerb({ action: 'update', changes: { attachmentRemoved: 'a.pdf' } })).toBe('detach');
    expect(activityVerb({ action: 'update', changes: { invoiceNumber: { from: null, to: 'R-1' } } })).toBe('update');
    expect(activityVerb({ action: 'cancel', changes: { status: { from: 'new', to: 'cancelled' }, reason: 'duplicate' } })).toBe(
      'cancel',
    );
    expect(activityVerb({ action: 'update', changes: { approver: { from: 'Anna', to: 'Dora' }, step: 0 } })).toBe('reassign');
  });

  it('shows the reason and the files', () => {
    expect(activityDetails({ reason: 'duplicate' })).toEqual({ reason: 'duplicate' });
    expect(activityDetails({ attachmentsAdded: ['a.pdf', 'b.png'] })).toEqual({ files: ['a.pdf', 'b.png'] });
    expect(activityDetails({ attachmentRemoved: 'a.pdf' })).toEqual({ files: ['a.pdf'] });
    expect(activityDetails({ approver: { from: 'Anna', to: 'Dora' }, note: 'Urlaub' })).toEqual({ note: 'Urlaub' });
  });

  it('says where a chosen account to pay came from, and shows the IBANs in groups of four', () => {
    const chosen = {
      counterpartyIban: { from: null, to: 'DE89370400440532013000' },
      counterpartyBic: { from: null, to: 'COBADEFFXXX' },
      paymentAccountChoice: { source: 'document', role: 'payee' },
    };
    expect(activityVerb({ action: 'update', changes: chosen })).toBe('update');
    expect(activityDetails(chosen)).toEqual({ paymentAccountChoice: { source: 'document', role: 'payee' } });
    expect(describeActivityChanges(chosen, status)).toEqual([
      { field: 'counterpartyIban', from: null, to: 'DE89 3704 0044 0532 0130 00', hasValues: true },
      { field: 'counterpartyBic', from: null, to: 'COBADEFFXXX', hasValues: true },
    ]);
    expect(activityDetails({ paymentAccountChoice: { source: 'counterparty' } })).toEqual({
      paymentAccountChoice: { source: 'counterparty', role: null },
    });
    // Whatever a later server writes that this screen does not know is left out, not guessed at.
    expect(activityDetails({ paymentAccountChoice: { source: 'somewhere' } })).toEqual({});
    expect(activityDetails({ paymentAccountChoice: { source: 'document', role: 'broker' } })).toEqual({
      paymentAccountChoice: { source: 'document', role: null },
    });
  });

  it('shows who an approval was handed on from and to, not the ids', () => {
    const changes = describeActivityChanges(
      { approver: { from: 'Anna', to: 'Dora' }, fromApproverId: 'a', toApproverId: 'd', step: 0 },
      (status) => status,
    );
    expect(changes).toEqual([{ field: 'approver', from: 'Anna', to: 'Dora', hasValues: true }]);
  });
});

describe('entries of the invoice’s approvals', () => {
  const INVOICE_ID = { invoiceId: '0b0c3a5e-6f1d-4c59-9a53-0d7f3c1e2a10' };
  const requested = {
    entityType: 'approval_request',
    action: 'create',
    changes: { ...INVOICE_ID, flowId: 'f1', flowName: 'Zwei Stufen', steps: 2 },
  };
  const reset = (cause: string) => ({
    entityType: 'approval_request',
    action: 'reset',
    changes: { ...INVOICE_ID, status: { from: 'pending', to: 'reset' }, cause },
  });

  it('reads a request opened as "requested approval" with its flow, not as the invoice created', () => {
    expect(activityVerb(requested)).toBe('request_approval');
    expect(activityVerbValues(requested)).toEqual({ flow: 'Zwei Stufen' });
    // The invoice's own create stays what it was.
    expect(activityVerb({ entityType: 'invoice', action: 'create', changes: null })).toBe('create');
    expect(activityVerb({ action: 'create', changes: null })).toBe('create');
  });

  it('says when a flow was picked by hand instead of the one the conditions chose', () => {
    const picked = { ...requested, changes: { ...requested.changes, pickedByHand: true, matchingFlowName: 'Über 10.000' } };
    expect(activityVerb(picked)).toBe('request_approval_picked');
    expect(activityVerbValues(picked)).toEqual({ flow: 'Zwei Stufen', matching: 'Über 10.000' });
    const noneMatched = { ...requested, changes: { ...requested.changes, pickedByHand: true, matchingFlowName: null } };
    expect(activityVerb(noneMatched)).toBe('request_approval_picked_none');
  });

  it('names the cause of a reset: by hand, or by editing, cancelling or archiving the invoice', () => {
    expect(activityVerb(reset('reset'))).toBe('reset');
    expect(activityVerb(reset('edit'))).toBe('reset_edit');
    expect(activityVerb(reset('cancel'))).toBe('reset_cancel');
    expect(activityVerb(reset('archive'))).toBe('reset_archive');
    expect(activityVerb(reset('something new'))).toBe('reset');
  });

  it('names the step of an approval or rejection, counted from 1', () => {
    const approved = { entityType: 'approval_item', action: 'approve', changes: { ...INVOICE_ID, requestId: 'r1', step: 0 } };
    const rejected = {
      entityType: 'approval_item',
      action: 'reject',
      changes: { ...INVOICE_ID, requestId: 'r1', step: 1, reason: 'Betrag falsch' },
    };
    expect(activityVerb(approved)).toBe('approve_step');
    expect(activityVerbValues(approved)).toEqual({ step: 1 });
    expect(activityVerb(rejected)).toBe('reject_step');
    expect(activityVerbValues(rejected)).toEqual({ step: 2 });
    expect(activityDetails(rejected.changes)).toEqual({ reason: 'Betrag falsch' });
    // Handed on, by hand or to a substitute, still reads as such.
    const handedOn = {
      entityType: 'approval_item',
      action: 'update',
      changes: { ...INVOICE_ID, step: 0, approver: { from: 'Carl', to: 'Anna' } },
    };
    expect(activityVerb(handedOn)).toBe('reassign');
  });

  it('translates a request’s status as a request status, under its own name', () => {
    const labels = { invoiceStatus: (value: string) => `invoice:${value}`, requestStatus: (value: string) => `request:${value}` };
    expect(describeActivityEntryChanges(reset('edit'), labels)).toEqual([
      { field: 'approvalStatus', from: 'request:pending', to: 'request:reset', hasValues: true },
    ]);
    const archived = { entityType: 'invoice', action: 'update', changes: { status: { from: 'new', to: 'archived' } } };
    expect(describeActivityEntryChanges(archived, labels)).toEqual([
      { field: 'status', from: 'invoice:new', to: 'invoice:archived', hasValues: true },
    ]);
  });
});

describe('entries of bank matching', () => {
  const changes = {
    matchId: 'm1',
    invoiceId: 'i1',
    paymentId: null,
    amount: 119_000,
    writeOff: 2_380,
    origin: 'manual',
    bankTransactionId: 'b1',
  };
  const plain = (values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value).replace(/\u00a0/g, ' ')]));

  it('names the amount a bank line paid, in the invoice’s currency, and lists no field changes', () => {
    const matched = { entityType: 'invoice', action: 'match', changes };
    expect(activityVerb(matched)).toBe('match');
    expect(plain(activityVerbValues(matched, 'EUR'))).toEqual({ amount: '1.190,00 €' });
    expect(plain(activityVerbValues({ ...matched, action: 'unmatch' }, 'CHF'))).toEqual({ amount: '1.190,00 CHF' });
    expect(describeActivityChanges(changes, (status) => status)).toEqual([]);
  });

  it('gives no amount to other actions that carry one', () => {
    expect(activityVerbValues({ action: 'update', changes: { amount: 5 } })).toEqual({});
  });
});
