import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { isNoScrollPage } from '../route-handle';
import { decideScroll, type ScrollLocation } from './decide-scroll';

/** Applies decideScroll() after every navigation. */
export function useScrollHandling(): void {
  const location = useLocation();
  const matches = useMatches();
  const noScroll = isNoScrollPage(matches);
  const previous = useRef<ScrollLocation | null>(null);

  useEffect(() => {
    const next: ScrollLocation = { pathname: location.pathname, hash: location.hash, noScroll };
    const decision = decideScroll(previous.current, next);
    previous.current = next;

    if (decision.kind === 'top') {
      window.scrollTo({ top: 0, left: 0 });
      return undefined;
    }
    if (decision.kind === 'element') {
      // The delay lets lazy screens and their data render the target first.
      const timer = window.setTimeout(() => {
        document.getElementById(decision.elementId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }, decision.delayMs);
      return () => window.clearTimeout(timer);
    }
    return undefined;
    // One decision per navigation: location.key changes exactly then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}
