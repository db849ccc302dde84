import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '@kontor/domain';
import { localeFromHeader, translateErrorText } from '../lib/i18n';
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

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function signedLinkPage(locale: Locale, appUrl: string): string {
  const title = escapeHtml(translateErrorText('signed_url_page_title', locale));
  const text = escapeHtml(translateErrorText('signed_url_page_text', locale));
  const action = escapeHtml(translateErrorText('signed_url_page_action', locale));
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Kontor</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f6f7f9; color: #1f2937; }
main { max-width: 28rem; padding: 2rem; background: #fff; border-radius: 0.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
a { display: inline-block; margin-top: 1rem; padding: 0.5rem 1rem; border-radius: 0.375rem; background: #1d4ed8; color: #fff; text-decoration: none; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${text}</p>
<a href="${escapeHtml(appUrl)}">${action}</a>
</main>
</body>
</html>
`;
}

/** 410 for a genuine link past its time, 403 for one that is not ours; never cached (the next open is checked again). */
export function sendSignedLinkPage(request: FastifyRequest, reply: FastifyReply, refusal: TokenRefusal, appUrl: string) {
  const locale = localeFromHeader(request.headers['accept-language']);
  return reply
    .status(refusal === 'expired' ? 410 : 403)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('content-language', locale)
    .header('vary', 'Accept, Accept-Language')
    .send(signedLinkPage(locale, appUrl));
}
