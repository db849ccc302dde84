import { i18n } from '@/lib/i18n';

/** A sync's error code (`bank_sync_failed`, `bank_access_expired` …) in the reader's language. */
export function syncErrorText(code: string | null): string {
  if (!code) return i18n.t('errors:bank_sync_failed', { defaultValue: '—' });
  return i18n.t(`errors:${code}`, { defaultValue: i18n.t('errors:bank_sync_failed', { defaultValue: code }) });
}
