// Splits a run's wall time by what it was doing, from the runner's own events: every interval
// between two phase changes is charged to the phase (and workload) that was current. Nothing is
// timed twice and nothing is lost: the parts add up to the wall time.
//
// The answer comes before the clean-up (executeRun calls beforeDone as soon as the last workload is
// measured, removes everything after it, and only then says run-done). A script that times the
// answer says when it came (`answered()`): from then on every second is charged to "after the
// answer", so the parts before it add up to the time to the answer and the clean-up the user no
// longer waits for is a part of its own, not one of the answer's.
import type { RunEvent } from '../../src/shared/run-events';

export interface Segment {
  workload: string | null;
  part: string;
}

export class PhaseClock {
  private current: Segment = { workload: null, part: 'setup' };
  private since: number;
  private readonly totals = new Map<string, number>();
  /** The same, for the time after the answer. */
  private readonly afterTotals = new Map<string, number>();
  readonly samples = new Map<string, { warmup: number; timed: number }>();
  private answeredAt: number | null = null;
  private ended: number | null = null;
  readonly began: number;

  constructor(private readonly now: () => number = () => performance.now() / 1000) {
    this.began = this.now();
    this.since = this.began;
  }

  private switchTo(next: Segment): void {
    const at = this.now();
    const key = `${this.current.workload ?? ''}\u0000${this.current.part}`;
    const totals = this.answeredAt === null ? this.totals : this.afterTotals;
    totals.set(key, (totals.get(key) ?? 0) + (at - this.since));
    this.current = next;
    this.since = at;
  }

  /** The answer is out (the run's beforeDone): what follows is charged to "after the answer". */
  answered(): void {
    if (this.answeredAt !== null || this.ended !== null) return;
    this.switchTo(this.current);
    this.answeredAt = this.since;
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

  /** Seconds charged to a workload's phase (a run-level part when workload is null) before the answer. */
  seconds(workload: string | null, part: string): number {
    return this.totals.get(`${workload ?? ''}\u0000${part}`) ?? 0;
  }

  /** Seconds charged to a phase, across workloads, before the answer. */
  partSeconds(part: string): number {
    let sum = 0;
    for (const [key, value] of this.totals) if (key.endsWith(`\u0000${part}`)) sum += value;
    return sum;
  }

  /** Every second charged before the answer (all of them, for a script that never says answered). */
  beforeAnswerSeconds(): number {
    let sum = 0;
    for (const value of this.totals.values()) sum += value;
    return sum;
  }

  /** Seconds from the answer to run-done (clean-up, finish), by part; empty until answered. */
  afterAnswer(): Map<string, number> {
    const byPart = new Map<string, number>();
    for (const [key, value] of this.afterTotals) {
      const part = key.slice(key.indexOf('\u0000') + 1);
      byPart.set(part, (byPart.get(part) ?? 0) + value);
    }
    return byPart;
  }

  afterAnswerSeconds(): number {
    let sum = 0;
    for (const value of this.afterTotals.values()) sum += value;
    return sum;
  }

  /** From the start to the answer; to the end (or now) when no answer was said. */
  answerSeconds(): number {
    return (this.answeredAt ?? this.ended ?? this.now()) - this.began;
  }

  /** From the start to run-done (or now): the answer's time and the clean-up after it. */
  wallSeconds(): number {
    return (this.ended ?? this.now()) - this.began;
  }
}
