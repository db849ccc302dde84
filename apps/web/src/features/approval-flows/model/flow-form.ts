import type { z } from 'zod';
import {
  MAX_APPROVAL_STEPS,
  type ApprovalConditionKind,
  type ApprovalFlow,
  type ApprovalFlowType,
  type approvalFlowBodySchema,
} from '@kontor/domain/approvals/approval-flow';
import { mergeStaleFields, type StaleMerge } from '@/lib/stale-merge';

/** What the editor holds: exactly the input of the schema the server validates with. */
export type FlowFormValues = z.input<typeof approvalFlowBodySchema>;
export type FlowFormField = keyof FlowFormValues;
export type FlowStepValues = FlowFormValues['steps'][number];
export type FlowConditionValues = FlowFormValues['conditions'][number];

export const FLOW_FORM_FIELDS: readonly FlowFormField[] = ['name', 'type', 'isDefault', 'steps', 'conditions'];
export { MAX_APPROVAL_STEPS };

export function emptyStep(): FlowStepValues {
  return { approverIds: [], requiredApprovals: 1 };
}

/**
 * A new condition of a kind; an amount starts empty (NaN), which the schema asks to fill in, in
 * euros until the user picks another currency.
 */
export function emptyCondition(kind: ApprovalConditionKind): FlowConditionValues {
  switch (kind) {
    case 'amount_above':
    case 'amount_below':
      return { kind, amount: Number.NaN, currency: 'EUR' };
    case 'cost_center':
      return { kind, costCenterIds: [] };
    case 'counterparty':
      return { kind, counterpartyIds: [] };
    case 'currency':
      return { kind, currencies: [] };
  }
}

/** The form's start: a loaded flow, or a new flow with one empty step. */
export function toFlowFormValues(flow: ApprovalFlow | null, type: ApprovalFlowType = 'invoice'): FlowFormValues {
  if (!flow) return { name: '', type, isDefault: false, steps: [emptyStep()], conditions: [] };
  return {
    name: flow.name,
    type: flow.type,
    isDefault: flow.isDefault,
    steps: flow.steps.map((step) => ({
      approverIds: step.approvers.map((approver) => approver.userId),
      requiredApprovals: step.requiredApprovals,
    })),
    conditions: flow.conditions.map((condition) => structuredClone(condition)),
  };
}

/** The list with one item moved; out-of-range moves return the list unchanged. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** Adds or removes one id of a multi-select, keeping the order the ids were picked in. */
export function toggleId(ids: readonly string[], id: string, isChecked: boolean): string[] {
  if (isChecked) return ids.includes(id) ? [...ids] : [...ids, id];
  return ids.filter((candidate) => candidate !== id);
}

export type FlowEditMerge = StaleMerge<FlowFormValues, FlowFormField>;

/**
 * Someone saved the flow while I edited it (409). Per field: what I changed keeps my value,
 * what I left alone takes theirs, so reloading never drops anything typed.
 */
export function mergeFlowEdit(base: FlowFormValues, mine: FlowFormValues, fresh: FlowFormValues): FlowEditMerge {
  return mergeStaleFields(FLOW_FORM_FIELDS, base, mine, fresh);
}
