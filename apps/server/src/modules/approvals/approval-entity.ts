import type { ApprovalFlowType } from '@kontor/domain';

/** What a request approves: an invoice or a payment run (the engine knows neither). */
export interface ApprovalEntity {
  type: ApprovalFlowType;
  id: string;
}

const ACTIVITY_ID_KEYS: Readonly<Record<ApprovalFlowType, string>> = {
  invoice: 'invoiceId',
  payment_run: 'paymentRunId',
};

/** The entity as the activity log's changes name it: `{ invoiceId }` or `{ paymentRunId }`. */
export function entityInChanges(entity: ApprovalEntity): Record<string, string> {
  return { [ACTIVITY_ID_KEYS[entity.type]]: entity.id };
}
