// One line of the run's log per event worth reading: what started, what finished with its figure,
// what failed and why. Samples are not logged (the live chart shows them) and neither is every
// image-pull tick.
import { formatMeanStddev } from '../../../shared/format-time';
import type { RunEvent, RunPhase } from '../../../shared/run-events';

export interface LogEntry {
  seq: number;
  atMs: number;
  level: 'info' | 'error';
  text: string;
}

const PHASE_WORDS: Record<RunPhase, string> = {
  image: 'checking the bench image',
  container: 'starting its container',
  fixture: 'laying fixtures',
  calibrate: 'calibrating the clock',
  warmup: 'warming up',
  timed: 'timing',
  cleanup: 'cleaning up',
};

interface Labels {
  backends: { id: string; label: string }[];
  image: { image: string } | null;
}

function labelOf(known: Labels, backendId: string | null): string {
  if (backendId === null) return 'run';
  return known.backends.find((b) => b.id === backendId)?.label ?? backendId;
}

export function describeEvent(event: RunEvent, known: Labels): string | null {
  switch (event.type) {
    case 'planned':
      return `Planned ${event.backends.length} backend(s) × ${event.workloads.length} workload(s): ${event.totalExecutions} executions.`;
    case 'image-progress':
      // Only the first tick of each image: the progress bar shows the rest.
      return known.image?.image === event.image ? null : `Getting the image ${event.image}…`;
    case 'fetch-progress':
      // The first tick and the last only: the progress panel shows the count in between.
      if (event.done === 0) return `${event.workloadId}: fetching ${event.what} (${event.total})…`;
      return event.done === event.total ? `${event.workloadId}: fetched ${event.what}.` : null;
    case 'backend-started':
      return `${labelOf(known, event.backendId)}: started.`;
    case 'phase':
      if (event.phase === 'container' || event.phase === 'timed') return null;
      return `${labelOf(known, event.backendId)}${event.workloadId ? ` · ${event.workloadId}` : ''}: ${PHASE_WORDS[event.phase]}.`;
    case 'sample':
      return null;
    case 'workload-done': {
      const { result } = event;
      const what = result.workload.case
        ? `${result.workload.id} (${result.workload.case})`
        : result.workload.id;
      return `${result.backend.label} · ${what}: ${formatMeanStddev(result.stats.mean, result.stats.stddev)} over ${result.stats.runs} run(s) on ${result.fsType}.`;
    }
    case 'backend-done':
      return `${labelOf(known, event.backendId)}: ${event.ok ? 'done' : 'stopped'}.`;
    case 'error': {
      const where = [event.backendId && labelOf(known, event.backendId), event.workloadId]
        .filter(Boolean)
        .join(' · ');
      return where ? `${where}: ${event.error.message}` : event.error.message;
    }
    case 'run-answered':
      return `The answer is ready (run ${event.status}); cleaning up what the run made.`;
    case 'run-done': {
      // The cancel itself is recorded in the run's errors (code CANCELLED); it is not a failure.
      const errors = event.run.errors.filter((e) => e.code !== 'CANCELLED').length;
      return `Run ${event.status}: ${event.run.results.length} result(s), ${errors} error(s).`;
    }
  }
}
