import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '@kontor/domain';
import { asOrgId, type Database } from '../../db/database';
import { memberships, organizations, users } from '../../db/schema';
import { escapeHtml } from '../../lib/html-text';
import { localeFromHeader, translateNotification } from '../../lib/i18n';
import { sendStandalonePage, standalonePage } from '../../lib/standalone-page';
import { access } from '../../plugins/access';
import { EVERY_OPTION, readUnsubscribeToken, type UnsubscribeTarget } from './unsubscribe-token';

type PageKind = 'confirm' | 'done' | 'invalid';

/** The page of a link: asking (with the button that posts back), done, or a link that is not ours. */
function page(locale: Locale, kind: PageKind, params: Record<string, string>, action: string | null): string {
  const t = (key: Parameters<typeof translateNotification>[0]) => translateNotification(key, locale, params);
  const title = t(
    kind === 'confirm' ? 'unsubscribeConfirmTitle' : kind === 'done' ? 'unsubscribeDoneTitle' : 'unsubscribeInvalidTitle',
  );
  const text = t(
    kind === 'confirm' ? 'unsubscribeConfirmText' : kind === 'done' ? 'unsubscribeDoneText' : 'unsubscribeInvalidText',
  );
  const form =
    kind === 'confirm' && action
      ? `\n<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t('unsubscribeButton'))}</button></form>`
      : '';
  return standalonePage(locale, title, `<p>${escapeHtml(text)}</p>${form}`);
}

function sendPage(reply: FastifyReply, status: number, locale: Locale, html: string) {
  // The confirming page posts to itself.
  return sendStandalonePage(reply, { status, locale, html, formAction: 'self' });
}

/** The member, organisation and option a link names, read without a session (system connection). */
async function describe(database: Database, target: UnsubscribeTarget) {
  return database.withSystem(async (tx) => {
    const [row] = await tx
      .select({ email: users.email, locale: users.locale, organization: organizations.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(and(eq(memberships.organizationId, target.orgId), eq(memberships.userId, target.userId)));
    return row ?? null;
  });
}

/** Takes the option out of the member's choice; doing it twice changes nothing. */
async function unsubscribe(database: Database, target: UnsubscribeTarget): Promise<void> {
  await database.withOrg({ orgId: asOrgId(target.orgId), userId: null }, (tx) =>
    tx
      .update(memberships)
      .set({
        notificationOptions:
          target.option === EVERY_OPTION
            ? sql`'{}'::text[]`
            : sql`array_remove(${memberships.notificationOptions}, ${target.option})`,
      })
      .where(and(eq(memberships.organizationId, target.orgId), eq(memberships.userId, target.userId))),
  );
}

const optionLabel = (option: UnsubscribeTarget['option'], locale: Locale) =>
  translateNotification(`option_${option}` as Parameters<typeof translateNotification>[0], locale);

/**
 * A digest's unsubscribe link (issue 68): works without signing in, honoured at once. Opening it
 * asks first (mail scanners open links; a GET changes nothing); the page's button, or a mail
 * program's one-click POST (RFC 8058), takes the option away. A link that is not ours gets a page
 * that names nothing.
 */
export const unsubscribeRoutes: FastifyPluginAsync<{ secret: string }> = async (app, options) => {
  // The page's form and mail programs' one-click POST send "List-Unsubscribe=One-Click" as a form:
  // accepted here (only here) and not read, the token is all that counts.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, undefined),
  );
  const params = z.object({ token: z.string().max(100) });
  const handle = async (request: FastifyRequest, reply: FastifyReply, apply: boolean) => {
    const { token } = request.params as { token: string };
    const target = readUnsubscribeToken(options.secret, token);
    const member = target ? await describe(app.database, target) : null;
    const requested = localeFromHeader(request.headers['accept-language']);
    if (!target || !member) return sendPage(reply, 404, requested, page(requested, 'invalid', {}, null));
    const locale: Locale = member.locale === 'de' || member.locale === 'en' ? member.locale : requested;
    const texts = { option: optionLabel(target.option, locale), email: member.email, organization: member.organization };
    if (!apply) return sendPage(reply, 200, locale, page(locale, 'confirm', texts, `/m/u/${token}`));
    await unsubscribe(app.database, target);
    return sendPage(reply, 200, locale, page(locale, 'done', texts, null));
  };

  app.get('/m/u/:token', { config: { access: access.public }, schema: { hide: true, params } }, (request, reply) =>
    handle(request, reply, false),
  );
  app.post(
    '/m/u/:token',
    // One-click unsubscribe comes from the mail provider's servers, not a Kontor page: the signed token is the check.
    {
      config: { access: access.public, csrf: 'exempt', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { hide: true, params },
    },
    (request, reply) => handle(request, reply, true),
  );
};
