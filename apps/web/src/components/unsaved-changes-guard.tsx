import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';

export interface UnsavedChangesTexts {
  title: string;
  description: string;
  stay: string;
  leave: string;
}

/** Typed values are never dropped silently: leaving a form with unsaved changes asks first. */
export function UnsavedChangesGuard({ isDirty, texts }: { isDirty: boolean; texts: UnsavedChangesTexts }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return (
    <Dialog open={blocker.state === 'blocked'} onOpenChange={(open) => (open ? undefined : blocker.reset?.())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            {texts.stay}
          </Button>
          <Button variant="destructive" onClick={() => blocker.proceed?.()}>
            {texts.leave}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
