/**
 * Runs `work` when the browser is idle (or after `timeoutMs` at the latest), off the path of a page's first
 * interaction: what can wait (a remembered choice read from storage, a note that is not the page's purpose) waits.
 * Returns a cancel function.
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 200);
  return () => window.clearTimeout(handle);
}
