/**
 * A reading that is taken at most once per `maxAgeMs`: every call within that time of a reading's start gets that
 * reading (the same promise, so callers that come while it is under way wait for it instead of starting another),
 * and the first call after it starts a new one. A failed reading is kept as long as a good one: the bound holds.
 */
export function cacheSample<T>(
  read: () => Promise<T>,
  maxAgeMs: number,
  now: () => number = () => performance.now(),
): () => Promise<T> {
  let last: { startedAt: number; value: Promise<T> } | null = null;
  return () => {
    const time = now();
    if (last === null || time - last.startedAt >= maxAgeMs) {
      const value = read();
      // Whoever asks later sees the failure; it is never an unhandled rejection.
      value.catch(() => undefined);
      last = { startedAt: time, value };
    }
    return last.value;
  };
}
