import type { Locale } from '@kontor/domain';
import de from '@kontor/domain/locales/de/accounting-export.json' with { type: 'json' };
import en from '@kontor/domain/locales/en/accounting-export.json' with { type: 'json' };

/** The words the export writes into its files and mails, in the language of whoever started it. */
export const EXPORT_TEXTS: Record<Locale, typeof en> = { de, en };
export type ExportTexts = typeof en;
