import { lazy, Suspense } from 'react';
import { useDeferredMenu } from '@/components/ui/use-deferred-menu';
import { OrgSwitcherTriggerContent, orgSwitcherTriggerClasses } from './org-switcher-trigger';

const loadMenu = () => import('./org-switcher-menu');
const OrgSwitcherMenu = lazy(() => loadMenu().then((module) => ({ default: module.OrgSwitcherMenu })));

/** The organisation's logo and name; its menu (switch or create an organisation) loads on first use. */
export function OrgSwitcher() {
  const { isActive, placeholderProps } = useDeferredMenu(loadMenu);
  const placeholder = (
    <button data-testid="org-switcher" className={orgSwitcherTriggerClasses} {...placeholderProps}>
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
