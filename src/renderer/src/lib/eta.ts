// Overall progress and time left of a run, from the core's execution counts: `planned` gives the
// total, every `sample` the number done. Speed is measured from a baseline (when `planned` arrived,
// or when a reloaded dashboard joined the run), so a joined run's ETA does not count time it
// never saw. An adaptive run may go past the total: progress then holds at 100 % until it is done.
import type { RunProgress } from './run-progress';

export interface RunEta {
  /** 0…1, or null while the total is unknown. */
  fraction: number | null;
  /** Seconds left, or null until there is a speed to extrapolate. */
  remainingSeconds: number | null;
}

export function runEta(
  run: Pick<RunProgress, 'status' | 'totalExecutions' | 'completedExecutions' | 'baseline'>,
  nowMs: number,
): RunEta {
  const total = run.totalExecutions;
  if (run.status !== 'running') {
    // A cancelled or failed run shows how far it got, not a full bar.
    const fraction = !total
      ? null
      : run.status === 'completed'
        ? 1
        : Math.min(run.completedExecutions, total) / total;
    return { fraction, remainingSeconds: 0 };
  }
  if (!total) return { fraction: null, remainingSeconds: null };
  const done = Math.min(run.completedExecutions, total);
  const fraction = done / total;
  if (!run.baseline) return { fraction, remainingSeconds: null };
  const doneSinceBaseline = done - Math.min(run.baseline.completed, done);
  const elapsed = Math.max(0, nowMs - run.baseline.atMs) / 1000;
  if (doneSinceBaseline <= 0 || elapsed <= 0) return { fraction, remainingSeconds: null };
  const secondsPerExecution = elapsed / doneSinceBaseline;
  return { fraction, remainingSeconds: (total - done) * secondsPerExecution };
}

/** "1 h 02 min", "4 min 05 s", "12 s": time left, to the second under a minute. */
export function formatRemaining(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '…';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}
