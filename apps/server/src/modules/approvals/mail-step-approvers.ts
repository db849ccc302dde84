import type { Locale } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { translateNotification } from '../../lib/i18n';
import type { Mailer } from '../../plugins/foundation-types';
import { listWaitingRecipients, type RequestRow } from './request-repo';

type NotificationKey = Parameters<typeof translateNotification>[0];
export type TranslateNotification = (key: NotificationKey, params?: Record<string, string | number>) => string;

/** What the mail of an opened step says about its entity (an invoice, a payment run). */
export interface StepMail {
  /** The entity's page in the app: deciding takes a signed-in POST, never a GET on a mailed link. */
  link: string;
  subjectKey: NotificationKey;
  bodyKey: NotificationKey;
  /** Which template it is, for the mailbox and delivery statistics. */
  template: string;
  /** Collapse every run of white space in the subject (also amounts' no-break spaces) to one space. */
  collapseSubjectSpaces: boolean;
  /** The entity's own parameters, in the recipient's language (`t` translates fallback texts). */
  params: (t: TranslateNotification) => Record<string, string | number>;
}

/** Collapses line breaks and runs of white space to single spaces. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Tells each approver of the step that just opened, in their language, through the outbox of the
 * transaction that opened it (a rolled-back approval sends nothing); with `onlyApproverId`, only
 * that one (an approval handed on to them).
 */
export async function mailStepApprovers(
  tx: Tx,
  mailer: Mailer,
  orgId: OrgId,
  request: Pick<RequestRow, 'id' | 'flowName' | 'requiredApprovals'>,
  step: number,
  mail: StepMail,
  onlyApproverId?: string,
): Promise<void> {
  const waiting = await listWaitingRecipients(tx, orgId, request.id);
  const recipients = onlyApproverId ? waiting.filter((recipient) => recipient.userId === onlyApproverId) : waiting;
  for (const recipient of recipients) {
    const locale: Locale = recipient.locale === 'de' ? 'de' : 'en';
    const t: TranslateNotification = (key, params) => translateNotification(key, locale, params);
    const params = {
      ...mail.params(t),
      name: recipient.name || recipient.email,
      step: step + 1,
      stepCount: request.requiredApprovals.length,
      flowName: request.flowName,
      link: mail.link,
      // Approvals handed to a substitute during an absence say whose they were.
      standIn: recipient.standsInForName ? t('approvalStandInLine', { absent: recipient.standsInForName }) : '',
    };
    const subject = t(mail.subjectKey, params);
    await mailer.enqueue(tx, {
      organizationId: orgId,
      to: [recipient.email],
      subject: (mail.collapseSubjectSpaces ? oneLine(subject) : subject).slice(0, 998),
      text: t(mail.bodyKey, params),
      template: mail.template,
    });
  }
}
