import type { ErrorCode, ErrorParams, Locale } from '@kontor/domain';
import de from '@kontor/domain/locales/de/errors.json' with { type: 'json' };
import en from '@kontor/domain/locales/en/errors.json' with { type: 'json' };
import validationDe from '@kontor/domain/locales/de/validation.json' with { type: 'json' };
import validationEn from '@kontor/domain/locales/en/validation.json' with { type: 'json' };
import fieldsDe from '@kontor/domain/locales/de/invoice-fields.json' with { type: 'json' };
import fieldsEn from '@kontor/domain/locales/en/invoice-fields.json' with { type: 'json' };
import notificationsDe from '@kontor/domain/locales/de/notifications.json' with { type: 'json' };
import notificationsEn from '@kontor/domain/locales/en/notifications.json' with { type: 'json' };
import { formatValidationParams, isValidationKey } from '@kontor/domain';

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
  // "1 payment is …" where a count of one reads differently (`<code>_one`, as i18next does in the web).
  const singular = params?.count === 1 ? messages[locale][`${code}_one`] : undefined;
  const template = singular ?? messages[locale][code] ?? messages.en[code] ?? messages.en.internal ?? code;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(params?.[key] ?? ''));
}

/** The link page's texts (signed_url_page_*), kept with the errors: in both languages like them. */
export function translateErrorText(key: keyof typeof en, locale: Locale): string {
  return messages[locale][key] ?? messages.en[key] ?? key;
}

const validationMessages: Record<Locale, Record<string, string>> = { de: validationDe, en: validationEn };

/** A field message: a rule key from packages/domain becomes its sentence; anything else stays as it is. */
export function translateValidation(message: string, locale: Locale, params?: Record<string, unknown>): string {
  if (!isValidationKey(message)) return message;
  const template = validationMessages[locale][message] ?? validationMessages.en[message] ?? message;
  const values = formatValidationParams(params);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

const fieldLabels: Record<Locale, Record<string, string>> = { de: fieldsDe, en: fieldsEn };

/** The label of an invoice field (required-field settings, SPEC §5) in the caller's language. */
export function translateFieldLabel(field: string, locale: Locale): string {
  return fieldLabels[locale][field] ?? fieldLabels.en[field] ?? field;
}

type NotificationKey = keyof typeof notificationsEn;
const notificationTexts: Record<Locale, Record<NotificationKey, string>> = { de: notificationsDe, en: notificationsEn };

/** A notification text (e-mails the server writes) in the recipient's language. */
export function translateNotification(
  key: NotificationKey,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  const template = notificationTexts[locale][key];
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
