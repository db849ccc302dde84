import { describe, expect, it } from 'vitest';
import {
  INVOICE_ACTIONS,
  INVOICE_STATUSES,
  allowedInvoiceActions,
  isInvoiceEditable,
  isOcrRunning,
  nextInvoiceStatus,
  OCR_STATUSES,
  type InvoiceAction,
  type InvoiceStatus,
} from './invoice-status';

/**
 * The status table of SPEC §4, written out cell by cell: every status × every action. A change to
 * INVOICE_TRANSITIONS has to be a deliberate change here too. "—" = refused. A cell that depends
 * on the status before (archived + restore) shows the target without a known prior status; the
 * test below walks every prior status.
 */
type Cell = InvoiceStatus | 'deleted' | '—';
const COLUMNS: readonly InvoiceAction[] = [
  'request_approval',
  'approve',
  'reject',
  'reset',
  'export',
  'cancel',
  'archive',
  'restore',
  'delete',
];
// prettier-ignore
const MATRIX: Record<InvoiceStatus, readonly Cell[]> = {
  //           request_approval approve     reject      reset  export      cancel       archive     restore delete
  new:         ['in_approval',  '—',        '—',        '—',   '—',        'cancelled', 'archived', '—',    'deleted'],
  in_approval: ['—',            'approved', 'rejected', 'new', '—',        'cancelled', '—',        '—',    '—'],
  approved:    ['—',            '—',        '—',        'new', 'exported', 'cancelled', 'archived', '—',    '—'],
  rejected:    ['—',            '—',        '—',        'new', '—',        'cancelled', 'archived', '—',    '—'],
  cancelled:   ['—',            '—',        '—',        '—',   '—',        '—',         '—',        'new',  '—'],
  archived:    ['—',            '—',        '—',        '—',   '—',        '—',         '—',        'new',  '—'],
  exported:    ['—',            '—',        '—',        '—',   '—',        '—',         'archived', '—',    '—'],
  imported:    ['—',            '—',        '—',        '—',   '—',        '—',         'archived', '—',    '—'],
};
const EXPECTED = Object.fromEntries(
  Object.entries(MATRIX).map(([status, row]) => [
    status,
    Object.fromEntries(COLUMNS.map((action, index) => [action, row[index]!])),
  ]),
) as Record<InvoiceStatus, Record<InvoiceAction, Cell>>;

describe('invoice status table (SPEC §4)', () => {
  const cells = INVOICE_STATUSES.flatMap((status) => INVOICE_ACTIONS.map((action) => ({ status, action })));

  it('covers all 8 statuses × 9 actions', () => {
    expect(cells).toHaveLength(72);
    expect([...COLUMNS].sort()).toEqual([...INVOICE_ACTIONS].sort());
    expect(Object.keys(EXPECTED).sort()).toEqual([...INVOICE_STATUSES].sort());
  });

  it.each(cells)('$status + $action', ({ status, action }) => {
    const expected = EXPECTED[status][action];
    expect(nextInvoiceStatus(status, action)).toBe(expected === '—' ? null : expected);
  });

  it('lists the allowed actions of each status in table order', () => {
    for (const status of INVOICE_STATUSES) {
      const allowed = INVOICE_ACTIONS.filter((action) => EXPECTED[status][action] !== '—');
      expect(allowedInvoiceActions(status)).toEqual(allowed);
    }
  });

  it('keeps the SPEC §4 reset rule: only rejected, approved or in approval; never once exported', () => {
    const resettable = INVOICE_STATUSES.filter((status) => nextInvoiceStatus(status, 'reset') !== null);
    expect(resettable.sort()).toEqual(['approved', 'in_approval', 'rejected']);
  });

  it('restores an archived invoice to the booked status it was archived from, anything else to new', () => {
    // Every status the archive could have come from (the table allows archive from these).
    const archivable = INVOICE_STATUSES.filter((status) => nextInvoiceStatus(status, 'archive') === 'archived');
    expect(archivable).toEqual(['new', 'approved', 'rejected', 'exported', 'imported']);
    const restored = Object.fromEntries(
      INVOICE_STATUSES.map((prior) => [prior, nextInvoiceStatus('archived', 'restore', prior)]),
    );
    expect(restored).toEqual({
      new: 'new',
      in_approval: 'new',
      approved: 'new',
      rejected: 'new',
      cancelled: 'new',
      archived: 'new',
      // Booked already: back where it was, never editable, approvable or exportable again.
      exported: 'exported',
      imported: 'imported',
    });
    // Unknown history restores to new; a cancelled invoice (never booked) always does.
    expect(nextInvoiceStatus('archived', 'restore', null)).toBe('new');
    for (const prior of INVOICE_STATUSES) expect(nextInvoiceStatus('cancelled', 'restore', prior)).toBe('new');
  });

  it('reads the prior status only where the table asks for it', () => {
    for (const status of INVOICE_STATUSES) {
      for (const action of INVOICE_ACTIONS) {
        if (status === 'archived' && action === 'restore') continue;
        expect(nextInvoiceStatus(status, action, 'exported'), `${status} + ${action}`).toBe(nextInvoiceStatus(status, action));
      }
    }
  });

  it('lets only invoices nobody has worked on be deleted', () => {
    expect(INVOICE_STATUSES.filter((status) => nextInvoiceStatus(status, 'delete') === 'deleted')).toEqual(['new']);
  });

  it('edits only new, in approval, approved and rejected invoices', () => {
    expect(INVOICE_STATUSES.filter(isInvoiceEditable)).toEqual(['new', 'in_approval', 'approved', 'rejected']);
  });

  it('treats pending and processing OCR as running (the invoice cannot be opened then)', () => {
    expect(OCR_STATUSES.filter(isOcrRunning)).toEqual(['pending', 'processing']);
  });
});
