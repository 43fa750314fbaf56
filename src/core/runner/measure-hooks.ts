// What a measurer reports while it works, and what one timed execution yields. Apart from the
// measurers so that they import it rather than each other.
import type { RunPhase } from '../../shared/run-events';
import type { PowerReading } from '../../shared/result-schema';
import type { ColdCacheScope } from '../../shared/run-plan';

/** Cold-cache mode on one backend: what is dropped, and the untimed step that drops it. */
export interface ColdCacheStep {
  scope: ColdCacheScope;
  drop(signal: AbortSignal): Promise<void>;
}

export interface MeasureHooks {
  signal: AbortSignal;
  phase(phase: RunPhase): void;
  sample(workloadCase: string | null, index: number, warmup: boolean, seconds: number): void;
  /** Present in cold-cache mode: run before every sample, never timed. */
  coldCache?: ColdCacheStep;
  /**
   * The host's one-minute load average, read at every timed sample (host-load.ts); null when the
   * host does not say. Absent: not recorded.
   */
  hostLoad?(): number | null;
  /**
   * On a Mac: its power source, Low Power Mode and thermal state as a timed sample begins
   * (machine/power-conditions.ts, read again at most every ten seconds); null when it says none.
   * Absent: not a Mac, not recorded.
   */
  powerConditions?(): Promise<PowerReading | null>;
}

export interface TimedExecution {
  seconds: number;
  user: number | null;
  system: number | null;
}
