import { whenIdle } from './when-idle';

/**
 * A placeholder a screen shows while its content loads (LoadingState, TableSkeleton): while one
 * is on the page, the first screen is not shown yet. The components write the attribute as text:
 * importing a constant from here would make this module a chunk of its own, one more request
 * before the first screen.
 */
export const LOADING_PLACEHOLDER = '[data-loading-placeholder]';

/** The first screen is shown when the page has its heading and no loading placeholder. */
export function isFirstScreenShown(page: Pick<ParentNode, 'querySelector'>): boolean {
  return page.querySelector('h1') !== null && page.querySelector(LOADING_PLACEHOLDER) === null;
}

/**
 * Runs `task` once the first screen is shown and the browser is idle, for downloads that must not
 * share the network and main thread with it (the error catalogue). The browser idles while the
 * first screen waits for its data, so idleness alone started them before the screen's own chunks
 * and words. A page that never shows a heading still runs `task` after `fallbackMs`.
 */
export function afterFirstScreen(
  task: () => void,
  { idleTimeoutMs, fallbackMs }: { idleTimeoutMs: number; fallbackMs: number },
): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    window.clearTimeout(fallback);
    whenIdle(task, idleTimeoutMs);
  };
  const observer = new MutationObserver(() => {
    if (isFirstScreenShown(document)) start();
  });
  const fallback = window.setTimeout(start, fallbackMs);
  observer.observe(document.body, { childList: true, subtree: true });
  if (isFirstScreenShown(document)) start();
}
