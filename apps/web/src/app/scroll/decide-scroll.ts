/** SPEC §2: a new page starts at the top; a #hash target is scrolled to after 500 ms; between two no-scroll routes nothing moves. */
export const HASH_SCROLL_DELAY_MS = 500;

export interface ScrollLocation {
  pathname: string;
  /** As in `location.hash`, with the leading "#" (or empty). */
  hash: string;
  /** The route's handle marks it `noScroll`. */
  noScroll: boolean;
}

export type ScrollDecision = { kind: 'keep' } | { kind: 'top' } | { kind: 'element'; elementId: string; delayMs: number };

function hashTarget(hash: string): string | undefined {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * What to do with the scroll position after a navigation from `previous` (null on the first
 * page load) to `next`. Pure, so the rule is tested apart from the browser.
 */
export function decideScroll(previous: ScrollLocation | null, next: ScrollLocation): ScrollDecision {
  if (previous?.noScroll && next.noScroll) return { kind: 'keep' };
  const elementId = hashTarget(next.hash);
  if (elementId) return { kind: 'element', elementId, delayMs: HASH_SCROLL_DELAY_MS };
  // The first load keeps what the browser did (a reload restores the position).
  if (!previous) return { kind: 'keep' };
  return previous.pathname === next.pathname ? { kind: 'keep' } : { kind: 'top' };
}
