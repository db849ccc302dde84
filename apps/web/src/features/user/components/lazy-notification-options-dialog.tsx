import { lazy, Suspense } from 'react';

// Its own chunk, loaded when first opened: the user menu is on every screen.
const NotificationOptionsDialog = lazy(() =>
  import('./notification-options-dialog').then((module) => ({ default: module.NotificationOptionsDialog })),
);

/** The e-mail notifications dialog, loaded the first time it opens. */
export function LazyNotificationOptionsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NotificationOptionsDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
