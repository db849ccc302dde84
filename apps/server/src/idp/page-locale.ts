import type { Locale } from '@kontor/domain';
import { localeFromHeader } from '../lib/i18n';

/** The cookie the web app keeps the user's language choice in. */
export const LOCALE_COOKIE = 'kontor.locale';

export interface LocaleSources {
  /** The de/en switch on the page itself: the user's explicit choice wins. */
  explicit?: unknown;
  /** `ui_locales` of the authorization or logout request: space-separated, in preference order. */
  uiLocales?: unknown;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
}

function asLocale(value: unknown): Locale | undefined {
  if (typeof value !== 'string') return undefined;
  const tag = value.trim().toLowerCase();
  if (tag === 'de' || tag.startsWith('de-')) return 'de';
  if (tag === 'en' || tag.startsWith('en-')) return 'en';
  return undefined;
}

function fromUiLocales(value: unknown): Locale | undefined {
  if (typeof value !== 'string') return undefined;
  for (const tag of value.split(/\s+/)) {
    const locale = asLocale(tag);
    if (locale) return locale;
  }
  return undefined;
}

/** ui_locales, then the web app's cookie, then Accept-Language; English is the fallback (SPEC §1). */
export function resolvePageLocale(sources: LocaleSources): Locale {
  return (
    asLocale(sources.explicit) ??
    fromUiLocales(sources.uiLocales) ??
    asLocale(sources.cookie) ??
    (sources.acceptLanguage ? localeFromHeader(sources.acceptLanguage) : 'en')
  );
}

/** Reads one cookie from a raw Cookie header (the oidc-provider pages have no Fastify request). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
