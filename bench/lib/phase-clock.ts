// Splits a run's wall time by what it was doing, from the runner's own events: every interval
// between two phase changes is charged to the phase (and workload) that was current. Nothing is
// timed twice and nothing is lost: the parts add up to the wall time.
import type { RunEvent } from '../../src/shared/run-events';

export interface Segment {
  workload: string | null;
  part: string;
}

export class PhaseClock {
  private current: Segment = { workload: null, part: 'setup' };
  private since: number;
  private readonly totals = new Map<string, number>();
  readonly samples = new Map<string, { warmup: number; timed: number }>();
  private ended: number | null = null;
  readonly began: number;

  constructor(private readonly now: () => number = () => performance.now() / 1000) {
    this.began = this.now();
    this.since = this.began;
  }

  private switchTo(next: Segment): void {
    const at = this.now();
    const key = `${this.current.workload ?? ''}\u0000${this.current.part}`;
    this.totals.set(key, (this.totals.get(key) ?? 0) + (at - this.since));
    this.current = next;
    this.since = at;
  }

  handle(event: RunEvent): void {
    switch (event.type) {
      case 'phase':
        this.switchTo({ workload: event.workloadId, part: event.phase });
        break;
      case 'backend-done':
        // What follows the last backend: removing the run's folder and assembling the run file.
        this.switchTo({ workload: null, part: 'finish' });
        break;
      case 'run-done':
        this.switchTo({ workload: null, part: 'done' });
        this.ended = this.now();
        break;
      case 'sample': {
        const counts = this.samples.get(event.workloadId) ?? { warmup: 0, timed: 0 };
        if (event.warmup) counts.warmup += 1;
        else counts.timed += 1;
        this.samples.set(event.workloadId, counts);
        break;
      }
      default:
        break;
    }
  }

  /** Seconds charged to a workload's phase, or to a run-level part when workload is null. */
  seconds(workload: string | null, part: string): number {
    return this.totals.get(`${workload ?? ''}\u0000${part}`) ?? 0;
  }

  /** Seconds charged to a phase, across workloads. */
  partSeconds(part: string): number {
    let sum = 0;
    for (const [key, value] of this.totals) if (key.endsWith(`\u0000${part}`)) sum += value;
    return sum;
  }

  wallSeconds(): number {
    return (this.ended ?? this.now()) - this.began;
  }
}
