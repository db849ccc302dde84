/** Routes anyone may open without a session (SPEC §2, public routes). */
export const PUBLIC_PATHS = ['/', '/sign-up', '/auth-callback', '/session-expired', '/terms', '/privacy'] as const;

/** Public pages that carry a parameter: the bank-account verification link and the team invitation of the e-mails. */
export const PUBLIC_PATH_PREFIXES = ['/verify-bank-account/', '/invitation/'] as const;

export function isPublicPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    (PUBLIC_PATHS as readonly string[]).includes(normalized) ||
    PUBLIC_PATH_PREFIXES.some((prefix) => normalized.startsWith(prefix))
  );
}
