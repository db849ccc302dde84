/**
 * Fraud analysis of a transaction (SPEC §1 §4, issue 7 item 6) as a small machine of its own, apart
 * from the payment status: a transaction is analysed, carries flags with reasons, and a user may
 * "mark OK" or "not OK" with a note. `null` means the event does not apply in that state.
 *
 * SPEC labels: not verified → not_verified (not analysed yet), trusted → trusted (no flags),
 * warning → warning, suspicious → suspicious, blocked → blocked, marked OK → marked_ok,
 * not OK → not_ok. "verification requested / in verification / verified / verification mismatch /
 * action required" belong to the counterparty bank-account verification (counterparties/verification.ts).
 */
import { z } from 'zod';

export const TRANSACTION_ANALYSIS_STATUSES = [
  'not_verified',
  'trusted',
  'warning',
  'suspicious',
  'blocked',
  'marked_ok',
  'not_ok',
] as const;
export type TransactionAnalysisStatus = (typeof TRANSACTION_ANALYSIS_STATUSES)[number];

/** The first fraud checks of issue 7 item 6. */
export const ANALYSIS_FLAG_CODES = [
  'iban_never_paid',
  'bank_account_not_verified',
  'iban_changed_recently',
  'iban_country_differs',
  'amount_above_history',
  'possible_duplicate',
  'invoice_iban_differs',
  'invoice_payee_differs',
] as const;
export type AnalysisFlagCode = (typeof ANALYSIS_FLAG_CODES)[number];

/**
 * `note`: worth knowing, nothing to act on (the first payment to a supplier's own account). Notes
 * are shown apart and never raise the status: a warning is kept for what a person should look at,
 * otherwise every new supplier's first payment looks alarming and warnings stop being read.
 */
export const ANALYSIS_SEVERITIES = ['note', 'warning', 'suspicious', 'blocked'] as const;
export type AnalysisSeverity = (typeof ANALYSIS_SEVERITIES)[number];

/** Default severity per check until the rules editor (a later issue) lets organisations change it. */
export const DEFAULT_FLAG_SEVERITY: Readonly<Record<AnalysisFlagCode, AnalysisSeverity>> = {
  iban_never_paid: 'note',
  // A note for an account stored at the counterparty; a warning for one it does not have (fraud-checks.ts).
  bank_account_not_verified: 'note',
  iban_changed_recently: 'suspicious',
  iban_country_differs: 'suspicious',
  amount_above_history: 'warning',
  possible_duplicate: 'suspicious',
  invoice_iban_differs: 'blocked',
  // EN 16931 BG-10 (issue 50): factoring is legitimate, but payee fraud looks exactly like it.
  invoice_payee_differs: 'suspicious',
};

export interface AnalysisFlag {
  code: AnalysisFlagCode;
  severity: AnalysisSeverity;
  /** Human-readable reason (English), e.g. "IBAN DE… never paid before for ACME". */
  reason: string;
  /** The reason's parameters: the web shows `transactions:flags.<code>` with them in the viewer's language. */
  params?: Record<string, string | number>;
}

export const ANALYSIS_EVENT_TYPES = ['analysed', 'mark_ok', 'mark_not_ok'] as const;
export type AnalysisEventType = (typeof ANALYSIS_EVENT_TYPES)[number];

export type AnalysisEvent =
  | { type: 'analysed'; flags: readonly AnalysisFlag[] }
  | { type: 'mark_ok'; note: string }
  | { type: 'mark_not_ok'; note: string };

export interface TransactionAnalysisState {
  status: TransactionAnalysisStatus;
  flags: readonly AnalysisFlag[];
  /** The note of the last "mark OK" / "not OK", null otherwise. */
  note: string | null;
}

/**
 * status → event → allowed. `analysed` is always accepted (checks run again when data changes); its
 * target depends on the flags, so the table only says whether it applies. A blocked transaction
 * cannot be marked OK: the cause must be removed and the analysis run again.
 */
export const ANALYSIS_TRANSITIONS: Readonly<
  Record<TransactionAnalysisStatus, Readonly<Partial<Record<AnalysisEventType, TransactionAnalysisStatus | 'by_flags'>>>>
> = {
  not_verified: { analysed: 'by_flags' },
  trusted: { analysed: 'by_flags', mark_not_ok: 'not_ok' },
  warning: { analysed: 'by_flags', mark_ok: 'marked_ok', mark_not_ok: 'not_ok' },
  suspicious: { analysed: 'by_flags', mark_ok: 'marked_ok', mark_not_ok: 'not_ok' },
  blocked: { analysed: 'by_flags', mark_not_ok: 'not_ok' },
  marked_ok: { analysed: 'by_flags', mark_not_ok: 'not_ok' },
  not_ok: { analysed: 'by_flags', mark_ok: 'marked_ok' },
};

const SEVERITY_RANK: Readonly<Record<AnalysisSeverity, number>> = { note: 0, warning: 1, suspicious: 2, blocked: 3 };

export function isNote(flag: Pick<AnalysisFlag, 'severity'>): boolean {
  return flag.severity === 'note';
}

/** The status the flags alone give: no flags, or notes only → trusted, otherwise the worst severity. */
export function analysisStatusForFlags(flags: readonly AnalysisFlag[]): TransactionAnalysisStatus {
  let worst: Exclude<AnalysisSeverity, 'note'> | null = null;
  for (const flag of flags) {
    if (flag.severity === 'note') continue;
    if (!worst || SEVERITY_RANK[flag.severity] > SEVERITY_RANK[worst]) worst = flag.severity;
  }
  return worst ?? 'trusted';
}

const flagKey = (flags: readonly AnalysisFlag[]): string =>
  flags
    .map((flag) => `${flag.code}:${flag.severity}`)
    .sort()
    .join('|');

export const INITIAL_ANALYSIS_STATE: TransactionAnalysisState = { status: 'not_verified', flags: [], note: null };

/**
 * The state after `event`, or null when not allowed (or a mark without a note). A new analysis with
 * the same flags keeps a manual "marked OK" / "not OK"; different flags replace it.
 */
export function nextAnalysisState(state: TransactionAnalysisState, event: AnalysisEvent): TransactionAnalysisState | null {
  const target = ANALYSIS_TRANSITIONS[state.status][event.type];
  if (!target) return null;
  if (event.type === 'analysed') {
    const flags = [...event.flags];
    const manual = state.status === 'marked_ok' || state.status === 'not_ok';
    if (manual && flagKey(flags) === flagKey(state.flags)) return { ...state, flags };
    return { status: analysisStatusForFlags(flags), flags, note: null };
  }
  const note = event.note.trim();
  if (!note || target === 'by_flags') return null;
  return { status: target, flags: state.flags, note };
}

/** Statuses that stop a transaction from being exported (SPEC §4: blocked; also not OK and not analysed yet). */
export const EXPORT_BLOCKING_ANALYSIS_STATUSES: readonly TransactionAnalysisStatus[] = [
  'not_verified',
  'suspicious',
  'blocked',
  'not_ok',
];

export function analysisAllowsExport(status: TransactionAnalysisStatus): boolean {
  return !EXPORT_BLOCKING_ANALYSIS_STATUSES.includes(status);
}

/** Body of "mark OK" / "not OK": the note is required. */
export const analysisMarkBodySchema = z.object({
  decision: z.enum(['mark_ok', 'mark_not_ok']),
  note: z.string().trim().min(1, { message: 'note_required' }).max(1000, { message: 'too_long' }),
});
