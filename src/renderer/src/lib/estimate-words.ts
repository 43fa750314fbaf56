// An estimate's time as Setup says it, in the start panel and on each preset card alike:
// "4 min", or "12 min to 50 min" where an adaptive stop may take up to its cap.
import { formatDuration, type Estimate } from './estimate';

export function estimateRangeWords(estimate: Estimate): string {
  return estimate.maxSeconds > estimate.seconds * 1.1
    ? `${formatDuration(estimate.seconds)} to ${formatDuration(estimate.maxSeconds)}`
    : formatDuration(estimate.seconds);
}
