import { formatMoney } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import type { Mailer } from '../../plugins/foundation-types';
import { mailStepApprovers, oneLine } from './mail-step-approvers';
import type { RequestRow } from './request-repo';

export interface NotifiedInvoice {
  id: string;
  counterpartyName: string | null;
  invoiceNumber: string | null;
  totalAmount: number | null;
  currency: string | null;
}

/**
 * Mails the approvers of an invoice's step that just opened (or, with `onlyApproverId`, the one an
 * approval was handed on to); the link opens it in My approvals.
 */
export async function notifyOpenedStep(
  tx: Tx,
  deps: { mailer: Mailer; publicUrl: string },
  org: { orgId: OrgId; slug: string },
  invoice: NotifiedInvoice,
  request: Pick<RequestRow, 'id' | 'flowName' | 'requiredApprovals'>,
  step: number,
  onlyApproverId?: string,
): Promise<void> {
  const amount = invoice.totalAmount === null ? null : formatMoney(invoice.totalAmount, invoice.currency ?? 'EUR');
  await mailStepApprovers(
    tx,
    deps.mailer,
    org.orgId,
    request,
    step,
    {
      link: `${deps.publicUrl}/${org.slug}/invoices/my-approvals/${invoice.id}`,
      subjectKey: 'approvalNeededSubject',
      bodyKey: 'approvalNeededBody',
      template: 'approval_needed',
      collapseSubjectSpaces: true,
      params: (t) => ({
        // The subject names the sender on its own ("Unbekannter Geschäftspartner"), the body after "von" (dative).
        sender: oneLine(invoice.counterpartyName ?? '') || t('unknownSender'),
        counterparty: oneLine(invoice.counterpartyName ?? '') || t('unknownCounterparty'),
        invoiceNumber: oneLine(invoice.invoiceNumber ?? '') || t('noInvoiceNumber'),
        amount: amount ?? t('noAmount'),
        amountInText: amount ?? t('unknownAmount'),
      }),
    },
    onlyApproverId,
  );
}
