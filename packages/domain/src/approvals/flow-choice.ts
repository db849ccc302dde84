import { chooseFlow, conditionHolds, type ChoosableFlow, type FlowSubject } from './approval-engine';
import type { ApprovalCondition, ApprovalFlowType } from './approval-flow';

/**
 * The conditions of a flow that the subject does not meet. A default flow applies whenever no
 * other matches and a flow without conditions is one to pick by hand: neither has any unmet.
 */
export function unmetConditions(
  flow: Pick<ChoosableFlow, 'isDefault' | 'conditions'>,
  subject: FlowSubject,
): ApprovalCondition[] {
  if (flow.isDefault) return [];
  return flow.conditions.filter((condition) => !conditionHolds(condition, subject));
}

/**
 * The flow that applies and why: `conditions` when a flow's conditions all hold, `default` when
 * none matched and the default flow applies instead (the request says so), null without either.
 */
export function explainFlowChoice<F extends ChoosableFlow>(
  flows: readonly F[],
  type: ApprovalFlowType,
  subject: FlowSubject,
): { flow: F; reason: 'conditions' | 'default' } | null {
  const flow = chooseFlow(flows, type, subject);
  if (!flow) return null;
  return { flow, reason: flow.isDefault ? 'default' : 'conditions' };
}
