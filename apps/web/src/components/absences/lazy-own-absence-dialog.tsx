import { lazy, Suspense } from 'react';

// Its own chunk (the form, the date picker, the member select and zod), loaded when first opened:
// the user menu and the My approvals notice are both on the first screen.
const OwnAbsenceDialog = lazy(() => import('./own-absence-dialog').then((module) => ({ default: module.OwnAbsenceDialog })));

/** The own-absence dialog, loaded the first time it opens. */
export function LazyOwnAbsenceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <OwnAbsenceDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
