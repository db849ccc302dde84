/** Turns an organisation name into a URL slug: German umlauts spelled out, lowercase, dashes. */
export function slugify(name: string): string {
  const spelled = name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const slug = spelled
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return slug || 'organisation';
}

/** Slugs that would shadow a public route of the SPA. */
export const RESERVED_SLUGS = new Set([
  'sign-up',
  'auth-callback',
  'session-expired',
  'api',
  'idp',
  'assets',
  'mailbox',
  'files',
  'terms',
  'privacy',
]);
