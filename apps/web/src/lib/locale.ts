import type { Locale } from '@kontor/domain/auth';

/** SPEC §1: the locale comes from storage, then the browser, with English as the fallback. */
export const SUPPORTED_LOCALES: readonly Locale[] = ['de', 'en'];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_STORAGE_KEY = 'kontor.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** "de-AT" → "de"; unknown languages → undefined. */
export function toSupportedLocale(language: string): Locale | undefined {
  const base = language.trim().toLowerCase().split(/[-_]/, 1)[0];
  return isLocale(base) ? base : undefined;
}

export interface LocaleSources {
  /** What `localStorage['kontor.locale']` holds, if anything. */
  stored: string | null | undefined;
  /** `navigator.languages`, most preferred first. */
  languages: readonly string[] | undefined;
}

export function detectLocale({ stored, languages }: LocaleSources): Locale {
  if (isLocale(stored)) return stored;
  for (const language of languages ?? []) {
    const locale = toSupportedLocale(language);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export function readStoredLocale(): string | null {
  try {
    return globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Blocked storage: the choice lasts for this page only.
  }
}

export function detectBrowserLocale(): Locale {
  const navigatorLanguages = globalThis.navigator?.languages;
  const languages = navigatorLanguages?.length ? navigatorLanguages : [globalThis.navigator?.language ?? ''];
  return detectLocale({ stored: readStoredLocale(), languages });
}
