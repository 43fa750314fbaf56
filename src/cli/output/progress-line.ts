// A one-line progress report with an ETA: redrawn in place on a terminal, one line per finished
// workload elsewhere (CI logs must not fill with carriage returns).
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

export class ProgressLine {
  private total = 0;
  private done = 0;
  private started = performance.now();
  private where = '';
  private phase = '';

  constructor(
    private readonly out: NodeJS.WriteStream,
    private readonly interactive: boolean,
  ) {}

  handle(event: RunEvent): void {
    switch (event.type) {
      case 'planned':
        this.total = event.totalExecutions;
        this.started = performance.now();
        if (!this.interactive)
          this.out.write(
            `planned ${event.backends.length} backend(s) × ${event.workloads.length} workload(s)\n`,
          );
        break;
      case 'image-progress':
        this.where = `pulling ${event.image}`;
        this.phase = pullWords(event);
        break;
      case 'phase':
        this.where = event.workloadId ? `${event.backendId} ${event.workloadId}` : event.backendId;
        this.phase = event.phase;
        break;
      case 'sample':
        this.done = event.completedExecutions;
        this.phase = `${event.warmup ? 'warm-up' : 'run'} ${event.index + 1}`;
        break;
      case 'workload-done':
        if (!this.interactive)
          this.out.write(`done ${event.result.backend.id} ${event.result.workload.id}\n`);
        break;
      case 'error':
        this.clear();
        // The message may quote the workload's own output (a project's command): escaped, with
        // its line breaks kept.
        this.out.write(
          `${printableLines(`error${event.backendId ? ` in ${event.backendId}` : ''}${event.workloadId ? ` ${event.workloadId}` : ''}: ${event.error.message}`)}\n`,
        );
        break;
      case 'run-done':
        this.clear();
        return;
      default:
        break;
    }
    this.draw();
  }

  private draw(): void {
    if (!this.interactive || !this.total) return;
    const fraction = Math.min(1, this.done / this.total);
    const elapsed = (performance.now() - this.started) / 1000;
    const eta = this.done ? (elapsed / this.done) * (this.total - this.done) : NaN;
    const bar = '█'.repeat(Math.round(fraction * 20)).padEnd(20, '░');
    const text = `${bar} ${String(Math.round(fraction * 100)).padStart(3)}%  ETA ${formatEta(eta)}  ${this.where} ${this.phase}`;
    const width = this.out.columns || 100;
    this.out.write(`\r${text.slice(0, width - 1).padEnd(width - 1)}`);
  }

  clear(): void {
    if (this.interactive) this.out.write(`\r${' '.repeat((this.out.columns || 100) - 1)}\r`);
  }
}
