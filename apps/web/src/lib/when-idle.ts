/**
 * Runs `task` when the browser is idle (at the latest after `timeoutMs`), for work that must not
 * compete with the first screen. Answers a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, Math.min(timeoutMs, 1500));
  return () => window.clearTimeout(timer);
}
