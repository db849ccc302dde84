import { formatMoney, type Locale } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { translateNotification } from '../../lib/i18n';
import type { Mailer } from '../../plugins/foundation-types';
import { listWaitingRecipients, type RequestRow } from './request-repo';

export interface NotifiedInvoice {
  id: string;
  counterpartyName: string | null;
  invoiceNumber: string | null;
  totalAmount: number | null;
  currency: string | null;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Tells each approver of the step that just opened, in their language, in the transaction that
 * opened it (outbox: a rolled-back approval sends nothing). The link opens the invoice in the
 * app; deciding takes a signed-in POST, never a GET on a mailed link.
 */
export async function notifyOpenedStep(
  tx: Tx,
  deps: { mailer: Mailer; publicUrl: string },
  org: { orgId: OrgId; slug: string },
  invoice: NotifiedInvoice,
  request: Pick<RequestRow, 'id' | 'flowName' | 'requiredApprovals'>,
  step: number,
): Promise<void> {
  const recipients = await listWaitingRecipients(tx, org.orgId, request.id);
  const link = `${deps.publicUrl}/${org.slug}/invoices/my-approvals/${invoice.id}`;
  for (const recipient of recipients) {
    const locale: Locale = recipient.locale === 'de' ? 'de' : 'en';
    const t = (key: Parameters<typeof translateNotification>[0], params?: Record<string, string | number>) =>
      translateNotification(key, locale, params);
    const params = {
      name: recipient.name || recipient.email,
      counterparty: oneLine(invoice.counterpartyName ?? '') || t('unknownCounterparty'),
      invoiceNumber: oneLine(invoice.invoiceNumber ?? '') || t('noInvoiceNumber'),
      amount: invoice.totalAmount === null ? t('noAmount') : formatMoney(invoice.totalAmount, invoice.currency ?? 'EUR'),
      step: step + 1,
      stepCount: request.requiredApprovals.length,
      flowName: request.flowName,
      link,
    };
    await deps.mailer.enqueue(tx, {
      organizationId: org.orgId,
      to: [recipient.email],
      subject: oneLine(t('approvalNeededSubject', params)).slice(0, 998),
      text: t('approvalNeededBody', params),
      template: 'approval_needed',
    });
  }
}
