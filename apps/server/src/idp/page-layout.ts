import { createHash } from 'node:crypto';
import type { Locale } from '@kontor/domain';
import { PAGE_TEXTS } from './page-texts';

/**
 * The frame every provider page shares: self-contained HTML with inline CSS, no external
 * resources (the provider must work offline and behind strict networks). The stylesheet and
 * scripts are allowed by hash in a strict Content-Security-Policy instead of 'unsafe-inline'.
 */

const PRIMARY = '#0f3d3e';
const BACKGROUND = '#e6f4f1';

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;padding:0}
body{min-height:100vh;display:flex;align-items:center;justify-content:center;background:${BACKGROUND};color:#1b2b2b;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;padding:24px}
main{width:100%;max-width:400px}
.card{background:#fff;border-radius:14px;padding:32px;box-shadow:0 1px 2px rgba(15,61,62,.08),0 8px 24px rgba(15,61,62,.10)}
.top{display:flex;align-items:center;justify-content:space-between;margin-bottom:24px}
.brand{font-weight:700;font-size:22px;letter-spacing:.02em;color:${PRIMARY};text-decoration:none}
.lang{font-size:13px;color:#4b6363}
.lang a{color:${PRIMARY}}
.lang [aria-current]{font-weight:700;color:${PRIMARY};text-decoration:none}
h1{font-size:22px;line-height:1.3;margin:0 0 6px;color:${PRIMARY}}
.lead{margin:0 0 24px;color:#4b6363}
label{display:block;font-weight:600;font-size:14px;margin:16px 0 6px}
label .hint{font-weight:400;color:#6b7f7f}
input[type=email],input[type=password],input[type=text]{display:block;width:100%;padding:10px 12px;font:inherit;
border:1px solid #b8cfcb;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:2px solid ${PRIMARY};outline-offset:1px;border-color:${PRIMARY}}
.help{font-size:13px;color:#6b7f7f;margin:6px 0 0}
button,.button{display:block;width:100%;margin-top:24px;padding:11px 16px;font:inherit;font-weight:600;text-align:center;
color:#fff;background:${PRIMARY};border:0;border-radius:8px;cursor:pointer;text-decoration:none}
button:hover,.button:hover{background:#0a2c2d}
button.secondary{background:#fff;color:${PRIMARY};border:1px solid ${PRIMARY};margin-top:12px}
.alert{margin:0 0 16px;padding:10px 12px;border-radius:8px;background:#fdecec;color:#8a1c1c;border:1px solid #f3c2c2;font-size:14px}
.switch{margin:24px 0 0;text-align:center;font-size:14px;color:#4b6363}
.switch a{color:${PRIMARY};font-weight:600}
`;

const hashOf = (source: string): string => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
const STYLE_HASH = hashOf(STYLE);

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface LanguageSwitch {
  current: Locale;
  /** The same page in the given language. */
  hrefFor(locale: Locale): string;
}

export interface PageOptions {
  locale: Locale;
  title: string;
  /** Trusted HTML: callers escape every value they interpolate. */
  body: string;
  /** Where the "Kontor" name links to. */
  homeUrl: string;
  languageSwitch?: LanguageSwitch | undefined;
  /** An inline script; allowed through the CSP by its hash. */
  script?: string | undefined;
}

export interface RenderedPage {
  html: string;
  headers: Record<string, string>;
}

function renderLanguageSwitch(languageSwitch: LanguageSwitch): string {
  const links = (['de', 'en'] as const).map((locale) =>
    locale === languageSwitch.current
      ? `<span aria-current="true" lang="${locale}">${locale.toUpperCase()}</span>`
      : `<a href="${escapeHtml(languageSwitch.hrefFor(locale))}" lang="${locale}" hreflang="${locale}" title="${escapeHtml(PAGE_TEXTS[locale].languageName)}">${locale.toUpperCase()}</a>`,
  );
  return `<nav class="lang" aria-label="Language / Sprache">${links.join(' | ')}</nav>`;
}

export function renderPage(options: PageOptions): RenderedPage {
  const { locale, title, body, homeUrl, languageSwitch, script } = options;
  const scriptTag = script ? `<script>${script}</script>` : '';
  const html = `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Kontor</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<div class="top"><a class="brand" href="${escapeHtml(homeUrl)}">Kontor</a>${languageSwitch ? renderLanguageSwitch(languageSwitch) : ''}</div>
${body}
</div>
</main>
${scriptTag}
</body>
</html>`;
  return { html, headers: pageHeaders(homeUrl, script) };
}

/**
 * Nothing but our own stylesheet and script may run, forms may only post to this site, and no
 * other site may frame the sign-in form (clickjacking). Sign-in pages are never cached.
 */
function pageHeaders(homeUrl: string, script: string | undefined): Record<string, string> {
  const origin = new URL(homeUrl).origin;
  const directives = [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    script ? `script-src ${hashOf(script)}` : "script-src 'none'",
    `form-action 'self' ${origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ];
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': directives.join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}
