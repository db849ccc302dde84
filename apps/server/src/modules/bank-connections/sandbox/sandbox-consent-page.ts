import type { Locale } from '@kontor/domain';
import { SANDBOX_ACCOUNT_KINDS, sandboxIban } from './sandbox-institutions';

/**
 * The sandbox bank's consent page: what a bank shows when Kontor asks for account access. Its
 * words are the bank's, not Kontor's, so they live here in both languages rather than in Kontor's
 * locale files.
 */
const TEXTS = {
  de: {
    title: 'Kontozugriff freigeben',
    intro: 'Kontor bittet um Lesezugriff auf Ihre Konten bei {bank}: Kontostand und Umsätze der letzten 90 Tage.',
    validity: 'Die Freigabe gilt {days} Tage und kann jederzeit widerrufen werden.',
    accounts: 'Konten',
    allow: 'Zugriff erlauben',
    deny: 'Ablehnen',
    sandbox: 'Dies ist die Sandbox-Bank von Kontor: Alle Daten sind erfunden.',
    decided: 'Diese Anfrage wurde bereits beantwortet.',
    unknown: 'Diese Anfrage ist unbekannt oder abgelaufen.',
  },
  en: {
    title: 'Allow account access',
    intro: 'Kontor asks for read access to your accounts at {bank}: balance and transactions of the last 90 days.',
    validity: 'The access lasts {days} days and can be revoked at any time.',
    accounts: 'Accounts',
    allow: 'Allow access',
    deny: 'Deny',
    sandbox: 'This is Kontor’s sandbox bank: all data is invented.',
    decided: 'This request has already been answered.',
    unknown: 'This request is unknown or has expired.',
  },
} as const;

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => escapeHtml(String(values[key] ?? '')));

function page(locale: Locale, bankName: string, body: string): string {
  const t = TEXTS[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)} · ${escapeHtml(bankName)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef2f0; color: #1f2937; }
main { max-width: 30rem; padding: 2rem; background: #fff; border-radius: 0.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
header { font-weight: 700; color: #b91c1c; margin-bottom: 1rem; }
h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
ul { padding-left: 1.25rem; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
button { font: inherit; padding: 0.5rem 1rem; border-radius: 0.375rem; border: 1px solid #1f2937; background: #fff; cursor: pointer; }
button.allow { background: #b91c1c; border-color: #b91c1c; color: #fff; }
small { display: block; margin-top: 1.5rem; color: #6b7280; }
</style>
</head>
<body>
<main>
<header>${escapeHtml(bankName)}</header>
${body}
<small>${escapeHtml(t.sandbox)}</small>
</main>
</body>
</html>
`;
}

export function consentPage(input: {
  locale: Locale;
  consentId: string;
  bankName: string;
  institutionId: string;
  validForDays: number;
  actionBase: string;
}): string {
  const t = TEXTS[input.locale];
  const accounts = SANDBOX_ACCOUNT_KINDS.map(
    (kind, index) => `<li>${escapeHtml(kind.name[input.locale])} · ${escapeHtml(sandboxIban(input.institutionId, index))}</li>`,
  ).join('');
  const action = escapeHtml(`${input.actionBase}/consent/${input.consentId}`);
  return page(
    input.locale,
    input.bankName,
    `<h1>${escapeHtml(t.title)}</h1>
<p>${fill(t.intro, { bank: input.bankName })}</p>
<p>${fill(t.validity, { days: input.validForDays })}</p>
<h2>${escapeHtml(t.accounts)}</h2>
<ul>${accounts}</ul>
<form method="post" action="${action}" class="actions">
<button class="allow" type="submit" name="decision" value="allow">${escapeHtml(t.allow)}</button>
<button type="submit" name="decision" value="deny">${escapeHtml(t.deny)}</button>
</form>`,
  );
}

export function consentMessagePage(locale: Locale, bankName: string, kind: 'decided' | 'unknown'): string {
  return page(locale, bankName, `<h1>${escapeHtml(TEXTS[locale].title)}</h1><p>${escapeHtml(TEXTS[locale][kind])}</p>`);
}
