import { formatMoney, type Locale } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { translateNotification } from '../../lib/i18n';
import type { Mailer } from '../../plugins/foundation-types';
import { listWaitingRecipients, type RequestRow } from '../approvals/request-repo';

export interface NotifiedRun {
  id: string;
  number: number;
  transactionCount: number;
  totalAmount: number;
}

/**
 * SPEC §6 "payment runs needing approval": tells each approver of the step that just opened, in
 * their language, through the outbox of the transaction that opened it (a rolled-back request
 * sends nothing). The link opens the run; deciding takes a signed-in POST.
 */
export async function notifyRunStepOpened(
  tx: Tx,
  deps: { mailer: Mailer; publicUrl: string },
  org: { orgId: OrgId; slug: string },
  run: NotifiedRun,
  request: Pick<RequestRow, 'id' | 'flowName' | 'requiredApprovals'>,
  step: number,
): Promise<void> {
  const recipients = await listWaitingRecipients(tx, org.orgId, request.id);
  const link = `${deps.publicUrl}/${org.slug}/pr/${run.id}`;
  for (const recipient of recipients) {
    const locale: Locale = recipient.locale === 'de' ? 'de' : 'en';
    const params = {
      name: recipient.name || recipient.email,
      number: run.number,
      count: run.transactionCount,
      amount: formatMoney(run.totalAmount, 'EUR'),
      step: step + 1,
      stepCount: request.requiredApprovals.length,
      flowName: request.flowName,
      link,
    };
    await deps.mailer.enqueue(tx, {
      organizationId: org.orgId,
      to: [recipient.email],
      subject: translateNotification('paymentRunApprovalNeededSubject', locale, params).slice(0, 998),
      text: translateNotification('paymentRunApprovalNeededBody', locale, params),
      template: 'payment_run_approval_needed',
    });
  }
}
