import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_EVENT_TYPES,
  ANALYSIS_TRANSITIONS,
  INITIAL_ANALYSIS_STATE,
  TRANSACTION_ANALYSIS_STATUSES,
  analysisAllowsExport,
  analysisMarkBodySchema,
  analysisStatusForFlags,
  isNote,
  nextAnalysisState,
  type AnalysisEvent,
  type AnalysisEventType,
  type AnalysisFlag,
  type TransactionAnalysisStatus,
} from './transaction-analysis';

const warning: AnalysisFlag = { code: 'amount_above_history', severity: 'warning', reason: 'amount above history' };
const note: AnalysisFlag = { code: 'iban_never_paid', severity: 'note', reason: 'IBAN never paid before' };
const suspicious: AnalysisFlag = { code: 'possible_duplicate', severity: 'suspicious', reason: 'same amount and remittance' };
const blocked: AnalysisFlag = { code: 'invoice_iban_differs', severity: 'blocked', reason: 'invoice IBAN differs' };

const sampleEvent: Record<AnalysisEventType, AnalysisEvent> = {
  analysed: { type: 'analysed', flags: [warning] },
  mark_ok: { type: 'mark_ok', note: 'called the supplier' },
  mark_not_ok: { type: 'mark_not_ok', note: 'fraud attempt' },
};

const EXPECTED: Record<TransactionAnalysisStatus, Record<AnalysisEventType, TransactionAnalysisStatus | null>> = {
  not_verified: { analysed: 'warning', mark_ok: null, mark_not_ok: null },
  trusted: { analysed: 'warning', mark_ok: null, mark_not_ok: 'not_ok' },
  warning: { analysed: 'warning', mark_ok: 'marked_ok', mark_not_ok: 'not_ok' },
  suspicious: { analysed: 'warning', mark_ok: 'marked_ok', mark_not_ok: 'not_ok' },
  blocked: { analysed: 'warning', mark_ok: null, mark_not_ok: 'not_ok' },
  marked_ok: { analysed: 'warning', mark_ok: null, mark_not_ok: 'not_ok' },
  not_ok: { analysed: 'warning', mark_ok: 'marked_ok', mark_not_ok: null },
};

describe('analysis table', () => {
  for (const status of TRANSACTION_ANALYSIS_STATUSES) {
    for (const type of ANALYSIS_EVENT_TYPES) {
      it(`${status} × ${type} → ${EXPECTED[status][type] ?? 'not allowed'}`, () => {
        // Start from flags other than the sample's so a re-analysis is a change.
        const next = nextAnalysisState({ status, flags: [suspicious], note: null }, sampleEvent[type]);
        expect(next?.status ?? null).toBe(EXPECTED[status][type]);
      });
    }
  }

  it('has a row for every status', () => {
    expect(Object.keys(ANALYSIS_TRANSITIONS).sort()).toEqual([...TRANSACTION_ANALYSIS_STATUSES].sort());
  });
});

describe('analysis', () => {
  it('takes the worst severity; no flags is trusted', () => {
    expect(analysisStatusForFlags([])).toBe('trusted');
    expect(analysisStatusForFlags([warning])).toBe('warning');
    expect(analysisStatusForFlags([warning, suspicious])).toBe('suspicious');
    expect(analysisStatusForFlags([blocked, warning, suspicious])).toBe('blocked');
  });

  it('never raises the status for notes: a first payment to a supplier is not a warning', () => {
    expect(analysisStatusForFlags([note])).toBe('trusted');
    expect(analysisStatusForFlags([note, warning])).toBe('warning');
    expect(isNote(note)).toBe(true);
    expect(isNote(warning)).toBe(false);
  });

  it('keeps the flags with their reasons and a note on marking', () => {
    const analysed = nextAnalysisState(INITIAL_ANALYSIS_STATE, { type: 'analysed', flags: [suspicious] });
    expect(analysed).toEqual({ status: 'suspicious', flags: [suspicious], note: null });
    const ok = nextAnalysisState(analysed!, { type: 'mark_ok', note: '  checked by phone ' });
    expect(ok).toEqual({ status: 'marked_ok', flags: [suspicious], note: 'checked by phone' });
  });

  it('refuses a mark without a note', () => {
    const state = { status: 'suspicious' as const, flags: [suspicious], note: null };
    expect(nextAnalysisState(state, { type: 'mark_ok', note: '   ' })).toBeNull();
    expect(nextAnalysisState(state, { type: 'mark_not_ok', note: '' })).toBeNull();
  });

  it('keeps a manual decision when the same flags come again, drops it when they change', () => {
    const ok = { status: 'marked_ok' as const, flags: [suspicious], note: 'fine' };
    expect(nextAnalysisState(ok, { type: 'analysed', flags: [{ ...suspicious, reason: 'reworded' }] })?.status).toBe('marked_ok');
    expect(nextAnalysisState(ok, { type: 'analysed', flags: [suspicious, blocked] })).toEqual({
      status: 'blocked',
      flags: [suspicious, blocked],
      note: null,
    });
  });

  it('blocked, suspicious, not OK and not analysed block the export', () => {
    expect(TRANSACTION_ANALYSIS_STATUSES.filter((status) => !analysisAllowsExport(status))).toEqual([
      'not_verified',
      'suspicious',
      'blocked',
      'not_ok',
    ]);
  });

  it('validates the mark body', () => {
    expect(analysisMarkBodySchema.safeParse({ decision: 'mark_ok', note: '' }).success).toBe(false);
    expect(analysisMarkBodySchema.safeParse({ decision: 'mark_ok', note: 'ok' }).success).toBe(true);
  });
});
