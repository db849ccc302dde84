import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { findPageHandle } from '../route-handle';

export const APP_NAME = 'Kontor';

export function formatDocumentTitle(pageTitle: string | undefined): string {
  return pageTitle && pageTitle !== APP_NAME ? `${pageTitle} · ${APP_NAME}` : APP_NAME;
}

/** Sets document.title from the deepest route's titleKey, in the current language. */
export function useDocumentTitle(): void {
  const matches = useMatches();
  const { t, i18n } = useTranslation('titles');
  const titleKey = findPageHandle(matches)?.titleKey;

  useEffect(() => {
    document.title = formatDocumentTitle(titleKey ? t(titleKey) : undefined);
  }, [titleKey, t, i18n.language]);
}
