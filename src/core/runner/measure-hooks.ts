// What a measurer reports while it works, and what one timed execution yields. Apart from the
// measurers so that they import it rather than each other.
import type { RunPhase } from '../../shared/run-events';

export interface MeasureHooks {
  signal: AbortSignal;
  phase(phase: RunPhase): void;
  sample(workloadCase: string | null, index: number, warmup: boolean, seconds: number): void;
}

export interface TimedExecution {
  seconds: number;
  user: number | null;
  system: number | null;
}
