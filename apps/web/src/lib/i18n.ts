import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@kontor/domain/auth';
import { detectBrowserLocale, isLocale, storeLocale, SUPPORTED_LOCALES } from './locale';

/** One namespace per feature (src/locales/{de,en}/<namespace>.json) plus the domain's error and rule messages. */
export const NAMESPACES = [
  'common',
  'titles',
  'shell',
  'auth',
  'welcome',
  'legal',
  'organization',
  'subscription',
  'settings',
  'onboarding',
  'invoices',
  'master-data',
  'invoice-detail',
  'approval-flows',
  'absences',
  'counterparties',
  'counterparty-verification',
  'counterparty-executive',
  'counterparty-vat',
  'counterparty-import',
  'counterparty-merge',
  'payment-runs',
  'transactions',
  'exports',
  'downloads',
  'export-settings',
  'bank-connections',
  'bank-transactions',
  'receivables',
  'payment-reminders',
  'notifications',
  'team',
  'errors',
  'validation',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Loaded before the first render: every page needs them (titles, buttons, states). */
const INITIAL_NAMESPACES: Namespace[] = ['common', 'titles'];

type JsonModule = { default: ResourceKey };

const featureLocales = import.meta.glob<JsonModule>('../locales/*/*.json');
const errorLocales: Record<Locale, () => Promise<JsonModule>> = {
  de: () => import('@kontor/domain/locales/de/errors.json'),
  en: () => import('@kontor/domain/locales/en/errors.json'),
};
const validationLocales: Record<Locale, () => Promise<JsonModule>> = {
  de: () => import('@kontor/domain/locales/de/validation.json'),
  en: () => import('@kontor/domain/locales/en/validation.json'),
};

/** Each language's namespace is its own small chunk, fetched the first time a screen asks for it. */
export async function loadNamespace(language: string, namespace: string): Promise<ResourceKey> {
  if (!isLocale(language)) throw new Error(`Unsupported language ${language}`);
  const load =
    namespace === 'errors'
      ? errorLocales[language]
      : namespace === 'validation'
        ? validationLocales[language]
        : featureLocales[`../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`Missing locale file ${language}/${namespace}`);
  return (await load()).default;
}

/**
 * Starts loading namespaces that a screen about to render will ask for (the first screen's, while
 * i18next is still being set up): i18next's own request then finds them loaded. A failure is left
 * to that request, which reports it.
 */
export function preloadNamespaces(namespaces: readonly Namespace[], language: Locale): void {
  for (const namespace of namespaces) void loadNamespace(language, namespace).catch(() => undefined);
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadNamespace(language, namespace).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export async function initI18n(locale: Locale = detectBrowserLocale()): Promise<void> {
  i18n.on('languageChanged', applyDocumentLanguage);
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      supportedLngs: [...SUPPORTED_LOCALES],
      // de and en have identical keys (a test checks it), so no second language is ever loaded.
      fallbackLng: false,
      ns: INITIAL_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      react: { useSuspense: true },
    });
  applyDocumentLanguage(locale);
}

/**
 * The error catalogue (5 KB gzip) is needed only once something fails, so it loads when the
 * browser is idle after the first screen rather than before it. Whatever shows an error waits for it: readApiError before it hands an error on,
 * ErrorState by asking for the namespace (it suspends). Resolves also when loading failed.
 */
export function errorMessagesLoaded(): Promise<void> {
  return i18n.loadNamespaces('errors');
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : 'en';
}

/** Switches the interface language and remembers it on this device; the caller tells the server. */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await i18n.changeLanguage(locale);
}
