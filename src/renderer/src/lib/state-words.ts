// A backend's state in words for the run view: "warm-up 1/1 · Buffered read (128 B reads)",
// "running 4/10", "failed: the workload failed: exit code 3".
import type { WorkloadInfo } from '../../../shared/api';
import type { RunRequest } from '../../../shared/run-plan';
import type { BackendProgress } from './run-progress';
import { workloadCaseWords } from './size-words';

const WORDS: Record<BackendProgress['state'], string> = {
  waiting: 'waiting',
  starting: 'starting its container',
  fixture: 'laying fixtures',
  calibrating: 'calibrating the clock',
  warmup: 'warm-up',
  running: 'running',
  cleanup: 'cleaning up',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
  'not-run': 'not run',
  missed: 'ran before this page was reloaded',
};

/** The n of "k/n": warm-ups, edits for sync-latency, else the timed runs (a range when adaptive). */
function outOf(
  b: BackendProgress,
  request: RunRequest | null,
  workloads: readonly WorkloadInfo[],
): string | null {
  if (!request) return null;
  if (b.state === 'warmup') return String(request.warmup);
  if (b.workloadId === 'sync-latency') {
    const edits = workloads.find((w) => w.id === 'sync-latency')?.sizes[request.size].edits;
    return typeof edits === 'number' ? String(edits) : null;
  }
  if (request.adaptive || request.race)
    return `${request.runs}–${request.maxRuns ?? Math.max(30, request.runs * 5)}`;
  return String(request.runs);
}

export function backendStateWords(
  b: BackendProgress,
  request: RunRequest | null,
  workloads: readonly WorkloadInfo[],
): string {
  if (b.state === 'failed') return b.errors.length ? `failed: ${b.errors.join('; ')}` : 'failed';
  let words = WORDS[b.state];
  if (b.state === 'warmup' || b.state === 'running') {
    const n = outOf(b, request, workloads);
    words += n ? ` ${b.count}/${n}` : ` ${b.count}`;
  }
  if (b.workloadId && b.state !== 'done') {
    const titles = new Map(workloads.map((w) => [w.id as string, w.title]));
    words += ` · ${workloadCaseWords(b.workloadId, b.workloadCase, titles)}`;
  }
  return words;
}
