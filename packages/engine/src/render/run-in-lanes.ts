/**
 * Runs `work` on every item with at most `lanes` running at once, in order of the items. After the first failure
 * no further item starts, `onFailure` is called (to stop the ones still running) and the first error is thrown
 * once every running item has settled, so nothing outlives the call.
 */
export async function runInLanes<T>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<void>,
  onFailure: () => void,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const runLane = async () => {
    while (failure === null && next < items.length) {
      const item = items[next] as T;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
        onFailure();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, runLane));
  if (failure !== null) throw (failure as { error: unknown }).error;
}
