import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeferredMenu } from '@/components/ui/use-deferred-menu';
import { useSession } from '@/lib/session-context';
import { OrgSwitcherTriggerContent, orgSwitcherTriggerClasses } from './org-switcher-trigger';

const loadMenu = () => import('./org-switcher-menu');
const OrgSwitcherMenu = lazy(() => loadMenu().then((module) => ({ default: module.OrgSwitcherMenu })));

/** The organisation's logo and name; its menu (switch or create an organisation) loads on first use. */
export function OrgSwitcher() {
  const { t } = useTranslation('shell');
  const { organization } = useSession();
  const { isActive, placeholderProps } = useDeferredMenu(loadMenu);
  const placeholder = (
    <button
      data-testid="org-switcher"
      aria-label={t('orgSwitcher.trigger', { name: organization.name })}
      className={orgSwitcherTriggerClasses}
      {...placeholderProps}
    >
      <OrgSwitcherTriggerContent />
    </button>
  );
  if (!isActive) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OrgSwitcherMenu />
    </Suspense>
  );
}
