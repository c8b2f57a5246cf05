/**
 * Opens the browser's locale data (ICU) for `tag`: the first Intl call of a page loads it, which takes a long moment
 * on a slow phone, and formatjs makes that call in the middle of hydration (its locale checks), along with the plural
 * rules and lists the page formats.
 */
export function intlWarmingSteps(tag: string): Array<() => void> {
  return [
    () => Intl.NumberFormat.supportedLocalesOf(tag),
    () => Intl.DateTimeFormat.supportedLocalesOf(tag),
    () => new Intl.PluralRules(tag).select(1),
    () => new Intl.ListFormat(tag, { type: 'disjunction' }).format(['a', 'b']),
  ];
}

/** How long a worker may take before the main thread opens the locale data itself. */
const WARMING_WORKER_TIMEOUT_MS = 3_000;

/** A new task: the browser may paint and take input between the steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The steps on the main thread, each in a task of its own, so that none makes hydration's tasks longer. */
function warmOnMainThread(tag: string): Promise<void> {
  return intlWarmingSteps(tag).reduce(
    (previous, step) => previous.then(nextTask).then(step),
    Promise.resolve(),
  );
}

/**
 * Opens the locale data before hydration, off the main thread: the browser keeps what one thread of the page has
 * opened for all of them, so a worker that makes the same calls first leaves the page's own Intl calls nearly free
 * (measured in Chromium: the first call 15 to 100 ms on the main thread, under 0.1 ms after the worker's). Where
 * no worker can start (or it fails, or takes too long) the main thread does it, one step per task.
 */
export function warmIntl(tag: string, startWorker: () => Worker): Promise<void> {
  let worker: Worker;
  try {
    worker = startWorker();
  } catch {
    return warmOnMainThread(tag);
  }
  return new Promise<void>((resolve) => {
    let isSettled = false;
    const settle = (onMainThread: boolean) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      worker.terminate();
      if (onMainThread) void warmOnMainThread(tag).then(resolve, resolve);
      else resolve();
    };
    const timer = setTimeout(() => settle(true), WARMING_WORKER_TIMEOUT_MS);
    worker.addEventListener('message', () => settle(false));
    worker.addEventListener('error', () => settle(true));
    worker.postMessage(tag);
  });
}
