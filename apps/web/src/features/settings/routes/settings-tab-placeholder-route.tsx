import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SETTINGS_TABS, type SettingsTab } from '@kontor/domain/screens';
import { NotAvailable } from '@/components/not-available';

/** A settings tab that a later module builds (the route's loader already sent unknown tabs to general). */
export function SettingsTabPlaceholderRoute() {
  const { t } = useTranslation('settings');
  const { tab } = useParams();
  const known = (SETTINGS_TABS as readonly string[]).includes(tab ?? '') ? (tab as SettingsTab) : 'general';
  return <NotAvailable screenName={t(`tabs.${known}`)} headingLevel={2} />;
}
