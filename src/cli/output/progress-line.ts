// A one-line progress report with its time left: redrawn in place on a terminal, one line per
// finished workload elsewhere (CI logs must not fill with carriage returns). The figures come from
// shared/progress.ts, as the dashboard's do: a range while a race may stop early, no time left
// before samples land, never 100 % before the run's end.
import {
  emptyPace,
  foldPace,
  paceOf,
  raceWords,
  type Pace,
  type PaceOptions,
  type PaceState,
} from '../../shared/progress';
import { pullWords } from '../../shared/pull-progress';
import type { RunEvent } from '../../shared/run-events';
import { printableLines } from '../../shared/printable';

export function formatEta(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '…';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60
    ? `${m}m${String(s % 60).padStart(2, '0')}s`
    : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** "ETA 40s–3m10s", "ETA 42s", or "ETA after the first samples". */
export function etaWords(pace: Pace): string {
  const r = pace.remaining;
  if (!r) return 'ETA after the first samples';
  if (r.high <= r.low * 1.2 + 5) return `ETA ${formatEta((r.low + r.high) / 2)}`;
  return `ETA ${formatEta(r.low)}–${formatEta(r.high)}`;
}

/** "37%  ETA 40s–3m10s  dd-write round 4 of at most 20, 3 backends still racing". */
export function paceWords(pace: Pace): string {
  const percent = pace.percent === null ? '  …' : `${String(pace.percent).padStart(3)}%`;
  const race = pace.race ? `  ${pace.race.workloadId} ${raceWords(pace.race)}` : '';
  return `${percent}  ${etaWords(pace)}${race}`;
}

export interface ProgressLineOptions {
  /** The clock, in ms (tests pass their own). */
  now?: () => number;
  /** A race's most samples per backend, for "round k of at most n". */
  maxRounds?: number | null;
  /** False where the caller prints the plan itself (run: its plan and estimate), so it is said once. */
  announcePlan?: boolean;
  /**
   * What is still to come after this run (a sweep's later settings and restarts), asked at each
   * redraw, so the time left is the whole sweep's.
   */
  stillToCome?: () => Pick<PaceOptions, 'restartSecondsLeft' | 'laterSeconds'>;
}

export class ProgressLine {
  private pace: PaceState = emptyPace();
  private where = '';
  private phase = '';
  private answered = false;
  private readonly now: () => number;

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly interactive: boolean,
    private readonly options: ProgressLineOptions = {},
  ) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Where the run stands now: what the line shows. */
  current(): Pace {
    return paceOf(this.pace, this.now(), {
      maxRounds: this.options.maxRounds ?? null,
      ...this.options.stillToCome?.(),
    });
  }

  handle(event: RunEvent): void {
    this.pace = foldPace(this.pace, event, this.now());
    switch (event.type) {
      case 'planned':
        if (!this.interactive && this.options.announcePlan !== false)
          this.out.write(
            `planned ${event.backends.length} backend(s) × ${event.workloads.length} workload(s)\n`,
          );
        break;
      case 'image-progress':
        // A pull, or the default tools image being built (its status then says "building: …").
        this.where = `getting ${event.image}`;
        this.phase = pullWords(event);
        break;
      case 'fetch-progress':
        this.where = `${event.workloadId} fetching ${event.what}`;
        this.phase = `${event.done} of ${event.total}`;
        break;
      case 'phase':
        this.where = event.workloadId ? `${event.backendId} ${event.workloadId}` : event.backendId;
        this.phase = event.phase;
        break;
      case 'sample':
        this.phase = `${event.warmup ? 'warm-up' : 'run'} ${event.index + 1}`;
        break;
      case 'workload-done':
        if (!this.interactive)
          this.out.write(
            `done ${event.result.backend.id} ${event.result.workload.id}  ${paceWords(this.current()).trim()}\n`,
          );
        break;
      case 'error':
        this.clear();
        // The message may quote the workload's own output (a project's command): escaped, with
        // its line breaks kept.
        this.out.write(
          `${printableLines(`error${event.backendId ? ` in ${event.backendId}` : ''}${event.workloadId ? ` ${event.workloadId}` : ''}: ${event.error.message}`)}\n`,
        );
        break;
      case 'run-answered':
        // The answer is printed below the line from here on: the clean-up after it draws nothing
        // over it (its errors are still written, each on its own line).
        this.answered = true;
        this.clear();
        return;
      case 'run-done':
        this.clear();
        return;
      default:
        break;
    }
    this.draw();
  }

  private draw(): void {
    if (!this.interactive || this.answered || this.pace.least === null) return;
    const pace = this.current();
    const bar = '█'.repeat(Math.round((pace.fraction ?? 0) * 20)).padEnd(20, '░');
    const text = `${bar} ${paceWords(pace)}  ${this.where} ${this.phase}`;
    const width = this.out.columns || 100;
    this.out.write(`\r${text.slice(0, width - 1).padEnd(width - 1)}`);
  }

  clear(): void {
    if (this.interactive) this.out.write(`\r${' '.repeat((this.out.columns || 100) - 1)}\r`);
  }
}
