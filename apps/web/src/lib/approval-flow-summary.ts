import type { ApprovalCondition, ApprovalFlow } from '@kontor/domain/approvals/approval-flow';
import { formatMoney } from '@kontor/domain/money';

/** The texts a summary needs; the component passes them from i18next, tests pass plain functions. */
export interface SummaryTexts {
  stepCount: (count: number) => string;
  step: (params: { index: number; names: string; required: number; total: number }) => string;
  noApprovers: string;
  amountAbove: (amount: string) => string;
  amountBelow: (amount: string) => string;
  costCenters: (list: string) => string;
  counterparties: (count: number) => string;
  currencies: (list: string) => string;
  noConditions: string;
  defaultOnly: string;
}

const SEPARATOR = ' · ';

/** "2 steps · Step 1: Clara Clerk (1 of 1) · Step 2: Ada Admin, Ben Boss (1 of 2)". */
export function summarizeSteps(steps: ApprovalFlow['steps'], texts: SummaryTexts): string {
  const parts = steps.map((step, index) =>
    texts.step({
      index: index + 1,
      names: step.approvers.map((approver) => approver.name).join(', ') || texts.noApprovers,
      required: step.requiredApprovals,
      total: step.approvers.length,
    }),
  );
  return [texts.stepCount(steps.length), ...parts].join(SEPARATOR);
}

export function describeCondition(
  condition: ApprovalCondition,
  texts: SummaryTexts,
  costCenterLabel: (id: string) => string,
): string {
  switch (condition.kind) {
    case 'amount_above':
      return texts.amountAbove(formatMoney(condition.amount, condition.currency));
    case 'amount_below':
      return texts.amountBelow(formatMoney(condition.amount, condition.currency));
    case 'cost_center':
      return texts.costCenters(condition.costCenterIds.map(costCenterLabel).join(', '));
    case 'counterparty':
      return texts.counterparties(condition.counterpartyIds.length);
    case 'currency':
      return texts.currencies(condition.currencies.join(', '));
  }
}

/**
 * What picks the flow (chooseFlow in the domain): a default flow applies whenever no other
 * flow matches, its own conditions are not checked; a flow without conditions applies only
 * when someone picks it by hand.
 */
export function summarizeConditions(
  flow: Pick<ApprovalFlow, 'conditions' | 'isDefault'>,
  texts: SummaryTexts,
  costCenterLabel: (id: string) => string,
): string {
  if (flow.isDefault) return texts.defaultOnly;
  if (flow.conditions.length === 0) return texts.noConditions;
  return flow.conditions.map((condition) => describeCondition(condition, texts, costCenterLabel)).join(SEPARATOR);
}
