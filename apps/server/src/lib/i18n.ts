import type { ErrorCode, ErrorParams, Locale } from '@kontor/domain';
import de from '@kontor/domain/locales/de/errors.json' with { type: 'json' };
import en from '@kontor/domain/locales/en/errors.json' with { type: 'json' };

const messages: Record<Locale, Record<string, string>> = { de, en };

/** Picks de or en from an Accept-Language header; English is the fallback (SPEC §1). */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('de')) return 'de';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

export function translateError(code: ErrorCode, locale: Locale, params?: ErrorParams): string {
  const template = messages[locale][code] ?? messages.en[code] ?? messages.en.internal ?? code;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(params?.[key] ?? ''));
}
