import { describe, expect, it } from 'vitest';
import {
  TRANSACTION_EVENTS,
  TRANSACTION_STATUSES,
  allowedTransactionEvents,
  canExport,
  isInRun,
  nextTransactionStatus,
  runLinkAfter,
  transactionReasonBodySchema,
  type TransactionEvent,
  type TransactionStatus,
} from './transaction-status';
import { TRANSACTION_ANALYSIS_STATUSES } from './transaction-analysis';

/** The expected table written out in full: every status × every event. */
const EXPECTED: Record<TransactionStatus, Record<TransactionEvent, TransactionStatus | null>> = {
  open: {
    add_to_run: 'planned',
    remove_from_run: null,
    postpone: null,
    approve_run: null,
    reject_run: null,
    reset_run: null,
    export: null,
    cancel: 'cancelled_archived',
    archive: 'archived',
    reactivate: null,
  },
  planned: {
    add_to_run: null,
    remove_from_run: 'open',
    postpone: 'open',
    approve_run: 'approved',
    reject_run: 'rejected',
    reset_run: null,
    export: null,
    cancel: 'cancelled_archived',
    archive: 'archived',
    reactivate: null,
  },
  approved: {
    add_to_run: null,
    remove_from_run: null,
    postpone: null,
    approve_run: null,
    reject_run: null,
    reset_run: 'planned',
    export: 'exported',
    cancel: null,
    archive: null,
    reactivate: null,
  },
  rejected: {
    add_to_run: null,
    remove_from_run: 'open',
    postpone: 'open',
    approve_run: null,
    reject_run: null,
    reset_run: 'planned',
    export: null,
    cancel: 'cancelled_archived',
    archive: 'archived',
    reactivate: null,
  },
  exported: {
    add_to_run: null,
    remove_from_run: null,
    postpone: null,
    approve_run: null,
    reject_run: null,
    reset_run: null,
    export: null,
    cancel: null,
    archive: 'archived',
    reactivate: null,
  },
  archived: {
    add_to_run: null,
    remove_from_run: null,
    postpone: null,
    approve_run: null,
    reject_run: null,
    reset_run: null,
    export: null,
    cancel: null,
    archive: null,
    reactivate: 'open',
  },
  cancelled_archived: {
    add_to_run: null,
    remove_from_run: null,
    postpone: null,
    approve_run: null,
    reject_run: null,
    reset_run: null,
    export: null,
    cancel: null,
    archive: null,
    reactivate: 'open',
  },
};

describe('transaction status table', () => {
  for (const status of TRANSACTION_STATUSES) {
    for (const event of TRANSACTION_EVENTS) {
      it(`${status} × ${event} → ${EXPECTED[status][event] ?? 'not allowed'}`, () => {
        expect(nextTransactionStatus(status, event)).toBe(EXPECTED[status][event]);
      });
    }
  }

  it('lists the allowed events per status', () => {
    expect(allowedTransactionEvents('open')).toEqual(['add_to_run', 'cancel', 'archive']);
    expect(allowedTransactionEvents('approved')).toEqual(['reset_run', 'export']);
    expect(allowedTransactionEvents('archived')).toEqual(['reactivate']);
  });

  it('exports only once: exported cannot export again', () => {
    expect(nextTransactionStatus('exported', 'export')).toBeNull();
  });
});

describe('run membership', () => {
  it('knows which statuses are in a run', () => {
    expect(TRANSACTION_STATUSES.filter(isInRun)).toEqual(['planned', 'approved', 'rejected', 'exported']);
  });

  it('joins on add, leaves on remove, postpone, cancel and archive, keeps otherwise', () => {
    expect(runLinkAfter('open', 'add_to_run')).toBe('join');
    expect(runLinkAfter('planned', 'remove_from_run')).toBe('leave');
    expect(runLinkAfter('planned', 'postpone')).toBe('leave');
    expect(runLinkAfter('planned', 'cancel')).toBe('leave');
    expect(runLinkAfter('rejected', 'archive')).toBe('leave');
    expect(runLinkAfter('planned', 'approve_run')).toBe('keep');
    expect(runLinkAfter('approved', 'export')).toBe('keep');
    expect(runLinkAfter('exported', 'archive')).toBe('keep');
    expect(runLinkAfter('open', 'cancel')).toBe('keep');
    expect(runLinkAfter('archived', 'reactivate')).toBe('keep');
    expect(runLinkAfter('approved', 'cancel')).toBeNull();
  });

  it('never joins a second run', () => {
    for (const status of TRANSACTION_STATUSES.filter(isInRun)) expect(nextTransactionStatus(status, 'add_to_run')).toBeNull();
  });
});

describe('canExport', () => {
  it('needs approved and an analysis that does not block', () => {
    for (const status of TRANSACTION_STATUSES) {
      for (const analysis of TRANSACTION_ANALYSIS_STATUSES) {
        const expected = status === 'approved' && ['trusted', 'warning', 'marked_ok'].includes(analysis);
        expect(canExport(status, analysis), `${status}/${analysis}`).toBe(expected);
      }
    }
  });
});

describe('reason body', () => {
  it('requires a reason', () => {
    expect(transactionReasonBodySchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(transactionReasonBodySchema.parse({ reason: ' duplicate ' })).toEqual({ reason: 'duplicate' });
  });
});
