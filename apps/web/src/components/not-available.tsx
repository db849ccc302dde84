import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './ui/empty-state';

/** The honest state of a screen that a later release builds: its name and one sentence, no fake data. */
export function NotAvailable({ screenName, headingLevel = 2 }: { screenName: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={Construction}
      title={t('states.notAvailableTitle', { screen: screenName })}
      headingLevel={headingLevel}
      description={t('states.notAvailableDescription')}
    />
  );
}
