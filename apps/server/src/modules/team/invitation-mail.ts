import type { Locale, Role } from '@kontor/domain';
import { escapeHtml } from '../../lib/html-text';
import { translateNotification } from '../../lib/i18n';

/**
 * The invitation e-mail, in the inviter's language (the invited person has no Kontor language
 * yet): who invites to which organisation with which role, the link, and until when it works.
 */
export function composeInvitationMail(input: {
  locale: Locale;
  inviter: string;
  organization: string;
  role: Role;
  link: string;
  expiresOn: string;
}): { subject: string; text: string; html: string } {
  const t = (key: Parameters<typeof translateNotification>[0], params?: Record<string, string | number>) =>
    translateNotification(key, input.locale, params);
  const role = t(input.role === 'admin' ? 'invitationRoleAdmin' : 'invitationRoleUser');
  const params = { inviter: input.inviter, organization: input.organization, role, expiresOn: input.expiresOn };
  const subject = t('invitationSubject', params);
  const paragraphs = [t('invitationIntro', params), t('invitationAction'), input.link, t('invitationExpiry', params), 'Kontor'];
  const html = paragraphs
    .map((paragraph) =>
      paragraph === input.link
        ? `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t('invitationButton', params))}</a></p>`
        : `<p>${escapeHtml(paragraph)}</p>`,
    )
    .join('');
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html: `<!doctype html><html lang="${input.locale}"><body>${html}</body></html>`,
  };
}
