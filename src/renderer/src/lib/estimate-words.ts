// An estimate's time as Setup says it, in the start panel and on each preset card alike:
// "4 min", or "12 min to 50 min" where an adaptive stop may take up to its cap. The estimate
// itself is shared with the core (src/shared/estimate.ts).
import type { Estimate } from '../../../shared/estimate';

export function estimateRangeWords(estimate: Estimate): string {
  return estimate.maxSeconds > estimate.seconds * 1.1
    ? `${formatDuration(estimate.seconds)} to ${formatDuration(estimate.maxSeconds)}`
    : formatDuration(estimate.seconds);
}

/** "about 4 min", "about 45 s", "about 1 h 20 min": an estimate, never to the second. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '…';
  if (seconds < 60) return `${Math.max(1, Math.round(seconds / 5) * 5)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}
