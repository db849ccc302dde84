import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/loading-state';
import { isAdmin, useSession } from '@/lib/session-context';
import { Sidebar } from './sidebar';

// Only admins are told of bank access ending (SPEC §4); its code loads only for them.
const BankAccessBanner = lazy(() =>
  import('@/features/bank-connections/components/bank-access-banner').then((module) => ({ default: module.BankAccessBanner })),
);
const MobileNavigation = lazy(() => import('./mobile-navigation').then((module) => ({ default: module.MobileNavigation })));

/** The signed-in frame: sidebar (a drawer on small screens) and the current screen in <main>. */
export function AppShell() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const { organization } = session;
  const { pathname } = useLocation();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);

  useEffect(() => {
    setIsDrawerOpen(false);
  }, [pathname]);

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <aside aria-label={t('sidebarLabel')} className="sticky top-0 hidden h-screen border-r border-primary-subtle lg:block">
        <Sidebar />
      </aside>

      <div className="flex items-center gap-3 border-b border-border bg-primary-background px-4 py-2 lg:hidden">
        <Button variant="ghost" size="icon" aria-label={t('openNavigation')} onClick={() => setIsDrawerOpen(true)}>
          <Menu aria-hidden="true" />
        </Button>
        <span className="truncate text-sm font-semibold">{organization.name}</span>
      </div>
      {isDrawerOpen ? (
        <Suspense fallback={null}>
          <MobileNavigation open={isDrawerOpen} onOpenChange={setIsDrawerOpen} />
        </Suspense>
      ) : null}

      <main id="main" tabIndex={-1} className="min-w-0 px-4 py-6 focus:outline-none sm:px-8 sm:py-8">
        <div className="mx-auto max-w-6xl">
          {isAdmin(session) ? (
            <Suspense fallback={null}>
              <BankAccessBanner />
            </Suspense>
          ) : null}
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
