// The machine's load while a backend was measured, and when it changed enough to say so: the way
// hyperfine warns about outliers, a figure taken while other work started or stopped is flagged, not
// dropped. The load is the host's one-minute average, read at each timed sample (a round, when the
// backends are interleaved); it is smoothed over a minute, so a jump between two rounds is real work
// arriving or leaving, not one busy moment.

/** A change between two rounds larger than this share of the earlier load is a change worth saying. */
export const LOAD_CHANGE_SHARE = 0.5;

/**
 * Below one runnable task on average a machine is quiet whatever the ratio says (0.1 → 0.3 is
 * "three times" and means nothing): loads under this count as this.
 */
export const QUIET_LOAD = 1;

export interface LoadChange {
  /** 1-based: the round at which the new load was read. */
  round: number;
  from: number;
  to: number;
}

/** The largest change between two consecutive rounds, when it is more than half; null otherwise. */
export function largestLoadChange(loads: readonly number[]): LoadChange | null {
  let largest: LoadChange | null = null;
  let largestShare = LOAD_CHANGE_SHARE;
  for (let i = 1; i < loads.length; i++) {
    const from = loads[i - 1];
    const to = loads[i];
    if (!Number.isFinite(from) || !Number.isFinite(to)) continue;
    const share = Math.abs(to - from) / Math.max(from, QUIET_LOAD);
    if (share > largestShare) {
      largestShare = share;
      largest = { round: i + 1, from, to };
    }
  }
  return largest;
}

const shown = (load: number) => load.toFixed(2);

/** The warning for a result whose rounds saw the load change by more than half; null if none did. */
export function loadChangeWarning(loads: readonly number[]): string | null {
  const change = largestLoadChange(loads);
  if (!change) return null;
  const verb = change.to > change.from ? 'rose' : 'fell';
  const read = loads.filter(Number.isFinite);
  return (
    `The machine's load ${verb} from ${shown(change.from)} to ${shown(change.to)} between rounds ` +
    `${change.round - 1} and ${change.round} (loads over the rounds: ${shown(Math.min(...read))} to ` +
    `${shown(Math.max(...read))}): other work started or stopped while this was measured, so these ` +
    'figures may not compare with the others. Re-run on a quiet machine to be sure.'
  );
}
