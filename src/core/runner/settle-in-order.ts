// Starts one task per item, in the items' order, with at most `limit` under way at once, and hands
// back one promise per item that settles (never rejects) when its task ends. The caller reads the
// outcomes in the items' order while later tasks still run, so what it reports stays in that order
// and nothing waits for a slow task it does not depend on. Once `signal` is aborted no task
// starts; the items not begun settle as rejected with the signal's reason. Tasks already under way
// are left to end: whatever they made is theirs to report, and the caller's to clean up.
export function settleInOrder<T, R>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal,
  task: (item: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>>[] {
  const settle: ((outcome: PromiseSettledResult<R>) => void)[] = [];
  const outcomes = items.map(() => new Promise<PromiseSettledResult<R>>((resolve) => settle.push(resolve)));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      if (signal.aborted) {
        settle[index]({ status: 'rejected', reason: signal.reason });
        continue;
      }
      try {
        settle[index]({ status: 'fulfilled', value: await task(items[index], index) });
      } catch (reason) {
        settle[index]({ status: 'rejected', reason });
      }
    }
  };
  for (let w = 0; w < Math.min(Math.max(1, limit), items.length); w++) void worker();
  return outcomes;
}
