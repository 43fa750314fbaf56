// A recorded run's events in the order today's core sends them: the streams in recorded-runs.ts
// come from a core that had no `run-answered`; it now leaves as soon as the last workload is
// measured and the run is stored (before the clean-up's phases and backend-done), so it goes right
// after the last `workload-done`, or, for a run with no result, right before `run-done`.
import type { RunEvent } from '../../../shared/run-events';

export function withAnswer(events: readonly RunEvent[]): RunEvent[] {
  const done = events.at(-1);
  if (done?.type !== 'run-done') throw new Error('a recorded run ends with run-done');
  const answer: RunEvent = { type: 'run-answered', runId: done.runId, status: done.status };
  const lastResult = events.findLastIndex((e) => e.type === 'workload-done');
  // A cancelled run cleans up first: its answer is the last thing before run-done.
  const at = done.status === 'cancelled' || lastResult < 0 ? events.length - 1 : lastResult + 1;
  return [...events.slice(0, at), answer, ...events.slice(at)];
}

/** Where `run-answered` sits in a stream made by withAnswer. */
export function answerIndex(events: readonly RunEvent[]): number {
  return events.findIndex((e) => e.type === 'run-answered');
}
