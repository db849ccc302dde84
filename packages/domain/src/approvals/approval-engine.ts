/**
 * The approval flow engine: pure, for invoices now and payment runs later (it knows neither).
 * A request is a snapshot of the flow's steps taken when approval is requested, so editing a
 * flow never changes approvals already under way. Status machines are data (ARCHITECTURE §3.5).
 */
import type { RequirementStage } from '../invoices/required-fields';
import type { ApprovalCondition, ApprovalFlowType } from './approval-flow';

export const APPROVAL_DECISIONS = ['pending', 'approved', 'rejected'] as const;
/** Per approver (SPEC §4): approved, rejected or pending. */
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

export const APPROVAL_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'reset'] as const;
export type ApprovalRequestStatus = (typeof APPROVAL_REQUEST_STATUSES)[number];

/** Which request statuses may follow which; `reset` is final (a new request starts afresh). */
export const APPROVAL_REQUEST_TRANSITIONS: Readonly<Record<ApprovalRequestStatus, readonly ApprovalRequestStatus[]>> = {
  pending: ['approved', 'rejected', 'reset'],
  approved: ['reset'],
  rejected: ['reset'],
  reset: [],
};

/** An approver decides once per step; a decision is final until the request is reset. */
export const APPROVAL_DECISION_TRANSITIONS: Readonly<Record<ApprovalDecision, readonly ApprovalDecision[]>> = {
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

export function canChangeRequestStatus(from: ApprovalRequestStatus, to: ApprovalRequestStatus): boolean {
  return APPROVAL_REQUEST_TRANSITIONS[from].includes(to);
}

/** What a flow's conditions are tested against: an invoice or a payment run. */
export interface FlowSubject {
  /** Total in minor units; null when not known yet (amount conditions then do not hold). */
  amount: number | null;
  currency: string | null;
  /** The invoice's cost centres (its own and its split lines'). */
  costCenterIds: readonly string[];
  counterpartyId: string | null;
}

export interface ChoosableFlow {
  id: string;
  type: ApprovalFlowType;
  isDefault: boolean;
  position: number;
  conditions: readonly ApprovalCondition[];
}

export function conditionHolds(condition: ApprovalCondition, subject: FlowSubject): boolean {
  switch (condition.kind) {
    case 'amount_above':
      return subject.amount !== null && subject.currency === condition.currency && subject.amount > condition.amount;
    case 'amount_below':
      return subject.amount !== null && subject.currency === condition.currency && subject.amount < condition.amount;
    case 'cost_center':
      return subject.costCenterIds.some((id) => condition.costCenterIds.includes(id));
    case 'counterparty':
      return subject.counterpartyId !== null && condition.counterpartyIds.includes(subject.counterpartyId);
    case 'currency':
      return subject.currency !== null && (condition.currencies as readonly string[]).includes(subject.currency);
  }
}

/**
 * The flow that applies: the first flow (by position) whose conditions all hold, otherwise the
 * default flow of the type, otherwise null ("flow not found"). A non-default flow without
 * conditions never applies by itself: it is one to pick by hand.
 */
export function chooseFlow<F extends ChoosableFlow>(flows: readonly F[], type: ApprovalFlowType, subject: FlowSubject): F | null {
  const ofType = flows.filter((flow) => flow.type === type).sort((a, b) => a.position - b.position);
  const matching = ofType.find(
    (flow) =>
      !flow.isDefault && flow.conditions.length > 0 && flow.conditions.every((condition) => conditionHolds(condition, subject)),
  );
  return matching ?? ofType.find((flow) => flow.isDefault) ?? null;
}

export interface ApprovalItemState {
  approverId: string;
  decision: ApprovalDecision;
}

export interface ApprovalStepState {
  requiredApprovals: number;
  items: ApprovalItemState[];
}

export interface ApprovalRequestState {
  status: ApprovalRequestStatus;
  /** Index of the open step while pending; the last step once approved; the deciding step once rejected. */
  currentStep: number;
  steps: ApprovalStepState[];
}

/** A new request from a flow's steps: the first step is open, every decision pending. */
export function startApproval(
  steps: readonly { approverIds: readonly string[]; requiredApprovals: number }[],
): ApprovalRequestState {
  if (steps.length === 0) throw new Error('an approval flow needs at least one step');
  for (const step of steps) {
    const isCountValid =
      Number.isInteger(step.requiredApprovals) &&
      step.requiredApprovals >= 1 &&
      step.requiredApprovals <= step.approverIds.length;
    // A person listed twice would count twice with one decision.
    if (!isCountValid || new Set(step.approverIds).size !== step.approverIds.length) {
      throw new Error('an approval step needs distinct approvers and a whole required count between 1 and their number');
    }
  }
  return {
    status: 'pending',
    currentStep: 0,
    steps: steps.map((step) => ({
      requiredApprovals: step.requiredApprovals,
      items: step.approverIds.map((approverId) => ({ approverId, decision: 'pending' as const })),
    })),
  };
}

const approvedCount = (step: ApprovalStepState) => step.items.filter((item) => item.decision === 'approved').length;

/** The approvers the open step still waits for (empty unless pending). */
export function waitingApprovers(state: ApprovalRequestState): string[] {
  if (state.status !== 'pending') return [];
  return state.steps[state.currentStep]!.items.filter((item) => item.decision === 'pending').map((item) => item.approverId);
}

export function isWaitingFor(state: ApprovalRequestState, approverId: string): boolean {
  return waitingApprovers(state).includes(approverId);
}

export type DecisionRefusal = 'not_pending' | 'not_current_approver' | 'already_decided';

export type DecisionResult =
  | {
      ok: true;
      state: ApprovalRequestState;
      /** recorded: the step still needs approvals; step_completed: the next step opened. */
      outcome: 'recorded' | 'step_completed' | 'approved' | 'rejected';
      /** The step that opened with this decision (its approvers are to be notified), or null. */
      openedStep: number | null;
    }
  | { ok: false; refusal: DecisionRefusal };

/**
 * An approver of the open step approves or rejects. One rejection rejects the request (SPEC §4);
 * a step completes when its required count is reached, and the last step approves the request.
 */
export function decideApproval(
  state: ApprovalRequestState,
  approverId: string,
  decision: 'approved' | 'rejected',
): DecisionResult {
  if (state.status !== 'pending') return { ok: false, refusal: 'not_pending' };
  const step = state.steps[state.currentStep]!;
  const item = step.items.find((candidate) => candidate.approverId === approverId);
  if (!item) return { ok: false, refusal: 'not_current_approver' };
  if (!APPROVAL_DECISION_TRANSITIONS[item.decision].includes(decision)) return { ok: false, refusal: 'already_decided' };

  const steps = state.steps.map((candidate, index) =>
    index !== state.currentStep
      ? candidate
      : {
          ...candidate,
          items: candidate.items.map((entry) => (entry.approverId === approverId ? { ...entry, decision } : entry)),
        },
  );
  if (decision === 'rejected') {
    return { ok: true, state: { ...state, status: 'rejected', steps }, outcome: 'rejected', openedStep: null };
  }
  const isStepComplete = approvedCount(steps[state.currentStep]!) >= step.requiredApprovals;
  if (!isStepComplete) return { ok: true, state: { ...state, steps }, outcome: 'recorded', openedStep: null };
  const isLastStep = state.currentStep === state.steps.length - 1;
  if (isLastStep) return { ok: true, state: { ...state, status: 'approved', steps }, outcome: 'approved', openedStep: null };
  const next = state.currentStep + 1;
  return { ok: true, state: { ...state, currentStep: next, steps }, outcome: 'step_completed', openedStep: next };
}

/**
 * Which required-field stage (SPEC §5) an approval by someone of the open step must satisfy:
 * the one that completes the last step is the last approval; any other is held to the first.
 */
export function requirementStageOfApproval(
  state: ApprovalRequestState,
): Extract<RequirementStage, 'first_approval' | 'last_approval'> {
  const step = state.steps[state.currentStep]!;
  const isLastStep = state.currentStep === state.steps.length - 1;
  return isLastStep && approvedCount(step) + 1 >= step.requiredApprovals ? 'last_approval' : 'first_approval';
}

export interface ApprovalProgress {
  /** 0-based index of the open (or final) step. */
  currentStep: number;
  stepCount: number;
  approvedInStep: number;
  requiredInStep: number;
}

export function approvalProgress(state: ApprovalRequestState): ApprovalProgress {
  const step = state.steps[state.currentStep]!;
  return {
    currentStep: state.currentStep,
    stepCount: state.steps.length,
    approvedInStep: approvedCount(step),
    requiredInStep: step.requiredApprovals,
  };
}

/**
 * Reset (SPEC §4) closes the request as reset: its decisions no longer count (they stay on record
 * in the closed request), and a new request starts from scratch.
 */
export function resetApproval(state: ApprovalRequestState): ApprovalRequestState | null {
  if (!canChangeRequestStatus(state.status, 'reset')) return null;
  return { ...state, status: 'reset' };
}

/** Why an invoice's approvals may not be reset (SPEC §4), or null when they may. */
export type ResetRefusal = 'status' | 'transaction_exported' | 'transaction_approved';

export function invoiceResetRefusal(invoiceStatus: string, linkedTransactionStatus: string | null): ResetRefusal | null {
  if (!['rejected', 'approved', 'in_approval'].includes(invoiceStatus)) return 'status';
  if (linkedTransactionStatus === 'exported') return 'transaction_exported';
  if (linkedTransactionStatus === 'approved') return 'transaction_approved';
  return null;
}

/**
 * The linked payment's status as invoiceResetRefusal reads it: `exported` once its money left in
 * an export, even if archived since. The server and the invoice detail both ask this.
 */
export function linkedPaymentResetStatus(payment: { status: string; isExported: boolean } | null): string | null {
  if (!payment) return null;
  return payment.isExported ? 'exported' : payment.status;
}
