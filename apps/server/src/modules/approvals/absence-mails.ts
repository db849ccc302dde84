import { eq } from 'drizzle-orm';
import type { ApprovalAbsence, Locale } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { organizations } from '../../db/schema';
import { translateNotification } from '../../lib/i18n';
import type { Mailer } from '../../plugins/foundation-types';
import { listMembers } from './flow-repo';
import type { TranslateNotification } from './mail-step-approvers';
import { writtenDate } from './reminders';

type MailDeps = { mailer: Mailer; publicUrl: string };
type MailOrg = { orgId: OrgId; slug: string };

export async function organizationSlug(tx: Tx, orgId: OrgId): Promise<string> {
  const [row] = await tx.select({ slug: organizations.slug }).from(organizations).where(eq(organizations.id, orgId));
  return row!.slug;
}

/** Writes one mail to a member in their language, through the outbox of the transaction. */
async function mailMember(
  tx: Tx,
  deps: MailDeps,
  org: MailOrg,
  userId: string,
  template: string,
  compose: (t: TranslateNotification, locale: Locale, name: string, link: string) => { subject: string; text: string },
): Promise<void> {
  const [member] = await listMembers(tx, org.orgId, [userId]);
  if (!member) return;
  const locale: Locale = member.locale === 'de' ? 'de' : 'en';
  const t: TranslateNotification = (key, params) => translateNotification(key, locale, params);
  const { subject, text } = compose(
    t,
    locale,
    member.name || member.email,
    `${deps.publicUrl}/${org.slug}/invoices/my-approvals`,
  );
  await deps.mailer.enqueue(tx, { organizationId: org.orgId, to: [member.email], subject, text, template });
}

const handedOnLine = (t: TranslateNotification, absent: string, count: number) =>
  count === 0 ? '' : t(count === 1 ? 'substituteHandedOnLineOne' : 'substituteHandedOnLineOther', { count, absent });

/** Tells the substitute they were named, for when, and how many approvals went to them already. */
export function mailNamedSubstitute(tx: Tx, deps: MailDeps, org: MailOrg, absence: ApprovalAbsence, handedOn: number) {
  return mailMember(tx, deps, org, absence.substituteId, 'substitute_named', (t, locale, name, link) => {
    const params = {
      name,
      absent: absence.userName,
      from: writtenDate(absence.startsOn, locale),
      until: writtenDate(absence.endsOn, locale),
      link,
    };
    return {
      subject: t('substituteNamedSubject', params),
      text: t('substituteNamedBody', { ...params, handedOn: handedOnLine(t, absence.userName, handedOn) }),
    };
  });
}

/** Tells `recipientId` that `count` approvals of the absent member now wait for them. */
export function mailHandedOn(tx: Tx, deps: MailDeps, org: MailOrg, absence: ApprovalAbsence, recipientId: string, count: number) {
  return mailMember(tx, deps, org, recipientId, 'substitute_handed_on', (t, locale, name, link) => ({
    subject: t(count === 1 ? 'substituteHandedOnSubjectOne' : 'substituteHandedOnSubjectOther', {
      count,
      absent: absence.userName,
    }),
    text: t('substituteHandedOnBody', {
      name,
      absent: absence.userName,
      until: writtenDate(absence.endsOn, locale),
      handedOn: handedOnLine(t, absence.userName, count),
      link,
    }),
  }));
}
