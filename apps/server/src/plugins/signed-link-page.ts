import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '@kontor/domain';
import { escapeHtml } from '../lib/html-text';
import { localeFromHeader, translateErrorText } from '../lib/i18n';
import { sendStandalonePage, standalonePage } from '../lib/standalone-page';
import type { TokenRefusal } from './storage-local';

/**
 * What a browser gets for a download link that no longer works (issue 58): links are mailed and
 * bookmarked, so a person opens an expired one in a tab, where a JSON error would be a dead end.
 * The page names nothing of the link (no key, organisation or file name: the token is not read
 * beyond its signature) and points to the app, where the downloads panel issues a fresh one.
 */

/** A browser navigation asks for HTML; fetch() and API clients ask for JSON or anything. */
export function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes('text/html');
}

export function signedLinkPage(locale: Locale, appUrl: string): string {
  const text = escapeHtml(translateErrorText('signed_url_page_text', locale));
  const action = escapeHtml(translateErrorText('signed_url_page_action', locale));
  const body = `<p>${text}</p>\n<a class="action" href="${escapeHtml(appUrl)}">${action}</a>`;
  return standalonePage(locale, translateErrorText('signed_url_page_title', locale), body);
}

/** 410 for a genuine link past its time, 403 for one that is not ours; never cached (the next open is checked again). */
export function sendSignedLinkPage(request: FastifyRequest, reply: FastifyReply, refusal: TokenRefusal, appUrl: string) {
  const locale = localeFromHeader(request.headers['accept-language']);
  const status = refusal === 'expired' ? 410 : 403;
  return sendStandalonePage(reply, { status, locale, html: signedLinkPage(locale, appUrl), vary: 'Accept, Accept-Language' });
}
