import type { FastifyReply } from 'fastify';
import type { Locale } from '@kontor/domain';
import { escapeHtml } from './html-text';

/**
 * A page Kontor serves outside the app, for a link from an e-mail (a download that expired, an
 * unsubscribe): one card in Kontor's colours, no script, nothing loaded, never framed or cached.
 * `title` is text; `body` is HTML the caller built from escaped text.
 */
export function standalonePage(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Kontor</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f6f7f9; color: #1f2937; }
main { max-width: 30rem; padding: 2rem; background: #fff; border-radius: 0.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
a.action, button { display: inline-block; margin-top: 1rem; padding: 0.5rem 1rem; border: 0; border-radius: 0.375rem; background: #1d4ed8; color: #fff; font: inherit; text-decoration: none; cursor: pointer; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** Sends such a page; `formAction: 'self'` lets its form post back to Kontor (nowhere else). */
export function sendStandalonePage(
  reply: FastifyReply,
  page: { status: number; locale: Locale; html: string; formAction?: 'self' | 'none'; vary?: string },
): FastifyReply {
  const csp = `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action '${page.formAction ?? 'none'}'`;
  reply
    .status(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('content-language', page.locale);
  if (page.vary) reply.header('vary', page.vary);
  return reply.send(page.html);
}
