import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { NavigationProgress } from './navigation-progress';
import { useScrollHandling } from './scroll/use-scroll-handling';
import { useDocumentTitle } from './title/use-document-title';

/** The root route: page title and scroll handling for every page, public or not. */
export function RootLayout() {
  useDocumentTitle();
  useScrollHandling();
  return (
    <>
      <NavigationProgress />
      <Suspense fallback={<LoadingState fullPage />}>
        <Outlet />
      </Suspense>
    </>
  );
}

export function RootHydrateFallback() {
  return <LoadingState fullPage />;
}
