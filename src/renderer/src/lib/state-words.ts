// A backend's state in words for the run view: "warm-up 1 of 1 · Buffered read (128 B reads)",
// "sample 4 of 10", "sample 11 of at most 20", "failed: the workload failed: exit code 3". The
// rule behind "at most" (a race or the adaptive stop, its least and most samples) is a note for
// the curious, under the list's "Details" (samplesRuleNote), not in every line.
import type { WorkloadInfo } from '../../../shared/api';
import { raceSampleBounds } from '../../../shared/race-samples';
import type { RunRequest } from '../../../shared/run-plan';
import type { BackendProgress } from './run-progress';
import { workloadCaseWords } from './size-words';

const WORDS: Record<BackendProgress['state'], string> = {
  waiting: 'waiting',
  starting: 'starting its container',
  fixture: 'laying fixtures',
  calibrating: 'calibrating the clock',
  warmup: 'warm-up',
  running: 'sample',
  cleanup: 'cleaning up',
  done: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
  'not-run': 'not run',
  missed: 'ran before this page was reloaded',
};

/** The most samples an adaptive run takes by default (run-plan.ts: 5 × runs, at least 30). */
function adaptiveMax(request: RunRequest): number {
  return request.maxRuns ?? Math.max(30, request.runs * 5);
}

/** What follows "k": "of 10", "of at most 20" (it may stop sooner); null when the plan is unknown. */
function outOf(
  b: BackendProgress,
  request: RunRequest | null,
  workloads: readonly WorkloadInfo[],
): string | null {
  if (!request) return null;
  if (b.state === 'warmup') return `of ${request.warmup}`;
  if (b.workloadId === 'sync-latency') {
    const edits = workloads.find((w) => w.id === 'sync-latency')?.sizes[request.size].edits;
    return typeof edits === 'number' ? `of ${edits}` : null;
  }
  // page-reload's counts are its size's: requests without an edit, then edits.
  if (b.workloadId === 'page-reload' && b.state === 'running') {
    const size = workloads.find((w) => w.id === 'page-reload')?.sizes[request.size];
    const n = b.workloadCase === 'after-edit' ? size?.edits : size?.requests;
    return typeof n === 'number' ? `of ${n}` : null;
  }
  if (request.race) return `of at most ${raceSampleBounds(request).max}`;
  if (request.adaptive) return `of at most ${adaptiveMax(request)}`;
  return `of ${request.runs}`;
}

export function backendStateWords(
  b: BackendProgress,
  request: RunRequest | null,
  workloads: readonly WorkloadInfo[],
): string {
  if (b.state === 'failed') return b.errors.length ? `failed: ${b.errors.join('; ')}` : 'failed';
  let words = WORDS[b.state];
  if (b.state === 'running' && b.workloadId === 'sync-latency') words = 'edit';
  if (b.state === 'running' && b.workloadId === 'page-reload')
    words = b.workloadCase === 'after-edit' ? 'edit' : 'request';
  if (b.state === 'warmup' || b.state === 'running') {
    const n = outOf(b, request, workloads);
    words += n ? ` ${b.count} ${n}` : ` ${b.count}`;
  }
  if (b.workloadId && b.state !== 'done') {
    const titles = new Map(workloads.map((w) => [w.id as string, w.title]));
    words += ` · ${workloadCaseWords(b.workloadId, b.workloadCase, titles)}`;
  }
  return words;
}

/** How many samples a backend takes and why, for the "Details" under the backends; null for fixed counts. */
export function samplesRuleNote(request: RunRequest | null): string | null {
  if (!request) return null;
  if (request.race) {
    const { min, max, lone } = raceSampleBounds(request);
    return (
      `A race: every backend takes at least ${min} and at most ${max} timed samples per workload, and ` +
      `leaves as soon as it is decided slower than another; a backend alone in its role (the only ` +
      `source-tree option, say) takes at least ${lone}, so the answer it stands for is not the least ` +
      `measured. See "Racing" in the methodology.`
    );
  }
  if (request.adaptive) {
    return (
      `Adaptive stop: every backend takes at least ${request.runs} and at most ${adaptiveMax(request)} ` +
      `timed samples per workload, and stops once the 95 % confidence interval of its mean is within ±2 %.`
    );
  }
  return null;
}
