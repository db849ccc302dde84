import { formatMoney } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import type { Mailer } from '../../plugins/foundation-types';
import { mailStepApprovers } from '../approvals/mail-step-approvers';
import type { RequestRow } from '../approvals/request-repo';

export interface NotifiedRun {
  id: string;
  number: number;
  transactionCount: number;
  totalAmount: number;
}

/**
 * SPEC §6 "payment runs needing approval": mails the approvers of the run's step that just
 * opened; the link opens the run.
 */
export async function notifyRunStepOpened(
  tx: Tx,
  deps: { mailer: Mailer; publicUrl: string },
  org: { orgId: OrgId; slug: string },
  run: NotifiedRun,
  request: Pick<RequestRow, 'id' | 'flowName' | 'requiredApprovals'>,
  step: number,
): Promise<void> {
  await mailStepApprovers(tx, deps.mailer, org.orgId, request, step, {
    link: `${deps.publicUrl}/${org.slug}/pr/${run.id}`,
    subjectKey: 'paymentRunApprovalNeededSubject',
    bodyKey: 'paymentRunApprovalNeededBody',
    template: 'payment_run_approval_needed',
    collapseSubjectSpaces: false,
    params: (t) => ({
      number: run.number,
      payments: t(run.transactionCount === 1 ? 'paymentCountOne' : 'paymentCountOther', { count: run.transactionCount }),
      amount: formatMoney(run.totalAmount, 'EUR'),
    }),
  });
}
