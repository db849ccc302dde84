/**
 * Matching bank lines to what they pay (issue 62): the shapes the server hands in and gets back.
 * Scoring is pure; the server supplies the candidates (open AP invoices and payment-run payments
 * for outgoing lines, receivables for incoming ones) and stores what comes out.
 * All amounts are minor units, positive; which way the money went is `direction`.
 */
import type { BankTransactionDirection } from '../bank-transaction-api';

/** A bank line with what of it is still unmatched. */
export interface MatchLine {
  id: string;
  direction: BankTransactionDirection;
  /** The line's open amount (amount − already matched), minor units, > 0. */
  amount: number;
  currency: string;
  /** YYYY-MM-DD. */
  bookingDate: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittance: string | null;
  endToEndId: string | null;
}

export type MatchCandidateKind = 'invoice' | 'payment';

/** Something a line may pay: an open invoice, or a payment-run payment. */
export interface MatchCandidate {
  kind: MatchCandidateKind;
  id: string;
  /** The invoice number; for a payment its end-to-end id. */
  reference: string | null;
  /** Payments only (null for invoices): what the bank reports back on the line. */
  endToEndId: string | null;
  counterpartyName: string | null;
  /** The invoice's IBAN and the counterparty's known IBANs. */
  ibans: readonly string[];
  /** The direction of the line that would pay it: 'outgoing' for AP invoices and payments. */
  direction: BankTransactionDirection;
  /** Minor units, > 0. */
  openAmount: number;
  currency: string;
  /** Invoice date, or a payment's execution date (YYYY-MM-DD). */
  date: string | null;
  dueDate: string | null;
  /**
   * The skonto the invoice grants: `amount` is the discount (as invoices.skonto_amount), `until`
   * the last day it may be taken (null: the invoice ignores the deadline).
   */
  skonto: { amount: number; until: string | null } | null;
}

export interface MatchSettings {
  /**
   * Organisation setting, minor units: a difference up to this counts as the amount fitting
   * (bank fees, rounding). 0 = amounts must be equal.
   */
  amountTolerance: number;
  /** The booking date fits from `beforeDate` days before the invoice date to `afterDueDate` days after its due date. */
  dateWindowDays: { beforeDate: number; afterDueDate: number };
  /** Organisation setting: exact proposals are applied without a person. */
  autoMatch: boolean;
}

export const DEFAULT_MATCH_SETTINGS: MatchSettings = {
  amountTolerance: 0,
  dateWindowDays: { beforeDate: 7, afterDueDate: 90 },
  autoMatch: true,
};

/**
 * One part of a match: `amount` of the line goes to the candidate; `writeOff` is what settles the
 * candidate beyond that (a skonto taken, a difference within the tolerance). Never more than
 * either side is open: amount ≤ line open, amount + writeOff ≤ candidate open.
 */
export interface MatchAllocation {
  lineId: string;
  candidateId: string;
  amount: number;
  writeOff: number;
}

/** Why a proposal was made, as a code with parameters, so that the web can translate it. */
export type MatchReason =
  | { code: 'reference_found'; params: { reference: string; found: string } }
  | { code: 'reference_similar'; params: { reference: string; found: string } }
  | { code: 'end_to_end_id_equal'; params: { endToEndId: string } }
  | { code: 'iban_known'; params: { iban: string } }
  | { code: 'iban_differs'; params: { iban: string } }
  | { code: 'amount_equal'; params: { amount: number } }
  | { code: 'amount_net_of_skonto'; params: { amount: number; skonto: number } }
  | { code: 'skonto_expired'; params: { until: string } }
  | { code: 'amount_within_tolerance'; params: { difference: number } }
  /** The line pays part of the candidate; `rest` stays open on the candidate. */
  | { code: 'amount_partial'; params: { rest: number } }
  /** The line pays more than the candidate's open amount; `rest` stays open on the line. */
  | { code: 'amount_exceeds'; params: { rest: number } }
  | { code: 'amounts_sum'; params: { count: number; total: number } }
  | { code: 'name_similar'; params: { score: number } }
  | { code: 'date_in_window'; params: Record<string, never> }
  | { code: 'date_outside_window'; params: { days: number } }
  /** Another candidate fits just as well: a person chooses. */
  | { code: 'ambiguous'; params: { others: number } };

export type MatchReasonCode = MatchReason['code'];

export interface MatchProposal {
  lineIds: readonly string[];
  allocations: readonly MatchAllocation[];
  /** 0..1, for ordering; `exact` decides what is applied automatically. */
  score: number;
  exact: boolean;
  reasons: readonly MatchReason[];
}

/** The proposals for one line, best first. */
export interface LineProposals {
  lineId: string;
  proposals: readonly MatchProposal[];
}
