import { lazy, Suspense } from 'react';
import { useIsDownloadsPanelOpen } from '@/lib/exports/download-jobs';

// The panel's code and texts load the first time it opens, not with the first screen.
const DownloadsPanel = lazy(() => import('./downloads-panel').then((module) => ({ default: module.DownloadsPanel })));

/** Renders the one downloads panel of the page while it is open; mount it once. */
export function DownloadsPanelHost() {
  const isOpen = useIsDownloadsPanelOpen();
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <DownloadsPanel />
    </Suspense>
  );
}
