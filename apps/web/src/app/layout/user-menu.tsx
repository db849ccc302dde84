import { lazy, Suspense } from 'react';
import { useDeferredMenu } from '@/components/ui/use-deferred-menu';
import { UserMenuTriggerContent, userMenuTriggerClasses } from './user-menu-trigger';

const loadMenu = () => import('./user-menu-content');
const UserMenuContent = lazy(() => loadMenu().then((module) => ({ default: module.UserMenuContent })));

/** The signed-in user; the menu (language, logout) loads on first use. */
export function UserMenu() {
  const { isActive, placeholderProps } = useDeferredMenu(loadMenu);
  const placeholder = (
    <button data-testid="user-menu" className={userMenuTriggerClasses} {...placeholderProps}>
      <UserMenuTriggerContent />
    </button>
  );
  if (!isActive) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenuContent />
    </Suspense>
  );
}
