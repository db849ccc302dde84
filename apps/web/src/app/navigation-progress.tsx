import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** A thin bar at the top while the next screen's code or data loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation('common');
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('states.loading')}
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary-background"
    >
      <div className="h-full w-1/3 animate-progress bg-primary" />
    </div>
  );
}
