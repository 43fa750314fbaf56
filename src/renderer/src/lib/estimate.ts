// A rough duration for a run, from the fixture sizes and the run counts alone. The per-operation
// costs are round figures near the published VirtioFS results on an M1 (about 250 µs per small
// file read, 35 µs per 1 KiB dd block, 1 ns per byte written); a slow file share can take several
// times longer, so the UI always calls this an estimate. The core's own count of executions
// (`planned`) replaces the guesswork once the run starts.
import type { WorkloadInfo } from '../../../shared/api';
import type { MountKind } from '../../../shared/ids';
import type { PresetCounts } from './presets';

type Params = WorkloadInfo['sizes']['default'];

function num(params: Params, key: string, fallback = 0): number {
  const value = params[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function metadataEntries(p: Params): number {
  let dirs = 0;
  for (let level = 1, width = 1; level <= num(p, 'depth'); level++) dirs += width *= num(p, 'branching');
  return dirs * (1 + num(p, 'filesPerDir')) + num(p, 'missing');
}

function siteBytes(p: Params): number {
  return num(p, 'pages') * num(p, 'pageBytes') + num(p, 'assets') * num(p, 'assetBytes');
}

interface Cost {
  /** Timed executions one case repeats (buffered-read has two cases). */
  cases: number;
  /** Seconds one execution takes, averaged over the cases. */
  perExecution: number;
  /** Seconds to lay the fixture once per backend. */
  fixture: number;
}

const FIXTURE_BYTES_PER_SECOND = 150e6;
const FIXTURE_SECONDS_PER_FILE = 2e-4;

function costOf(id: string, p: Params): Cost {
  switch (id) {
    case 'small-file-read': {
      const files = num(p, 'files');
      return {
        cases: 1,
        perExecution: files * 2.5e-4,
        fixture: (files * num(p, 'fileBytes')) / FIXTURE_BYTES_PER_SECOND + files * FIXTURE_SECONDS_PER_FILE,
      };
    }
    case 'dd-write':
      return { cases: 1, perExecution: num(p, 'count') * 3.5e-5, fixture: 0 };
    case 'large-write':
      return {
        cases: 1,
        perExecution: num(p, 'files') * num(p, 'blockBytes') * num(p, 'blocksPerFile') * 1e-9,
        fixture: 0,
      };
    case 'buffered-read': {
      const bytes = num(p, 'fileBytes');
      return {
        cases: 2,
        perExecution: ((bytes / 128 + bytes / 1024) / 2) * 2e-6,
        fixture: bytes / FIXTURE_BYTES_PER_SECOND,
      };
    }
    case 'site-build': {
      const files = num(p, 'pages') + num(p, 'assets');
      return {
        cases: 1,
        perExecution: siteBytes(p) * 4e-8 + files * 5e-4,
        fixture: siteBytes(p) / FIXTURE_BYTES_PER_SECOND + files * FIXTURE_SECONDS_PER_FILE,
      };
    }
    case 'metadata-walk': {
      const entries = metadataEntries(p);
      return { cases: 1, perExecution: entries * 1e-4, fixture: entries * FIXTURE_SECONDS_PER_FILE };
    }
    default:
      return { cases: 1, perExecution: 5, fixture: 5 };
  }
}

/** Container start, clock calibration and clean-up of one backend. */
const BACKEND_OVERHEAD_SECONDS = 5;
const SYNC_EDIT_SECONDS = 0.3;

export interface Estimate {
  /** With the minimum runs. */
  seconds: number;
  /** With the most runs an adaptive run may make; equal to `seconds` otherwise. */
  maxSeconds: number;
  /** Executions (warm-up and timed) the core will count, with the minimum runs. */
  executions: number;
}

export function estimateRun(
  workloads: readonly WorkloadInfo[],
  /** The mount of every planned backend (bind twice when two variants are tried). */
  backendMounts: readonly MountKind[],
  counts: PresetCounts,
): Estimate {
  const maxRuns =
    counts.adaptive || counts.race ? (counts.maxRuns ?? Math.max(30, counts.runs * 5)) : counts.runs;
  let seconds = 0;
  let maxSeconds = 0;
  let executions = 0;
  for (const mount of backendMounts) {
    const chosen = workloads.filter((w) => !w.unsupported[mount]);
    if (chosen.length === 0) continue;
    seconds += BACKEND_OVERHEAD_SECONDS;
    maxSeconds += BACKEND_OVERHEAD_SECONDS;
    for (const workload of chosen) {
      const params = workload.sizes[counts.size];
      if (workload.id === 'sync-latency') {
        // Its timed count is the number of edits, not `runs` (core: plannedExecutions).
        const n = counts.warmup + num(params, 'edits', 10);
        executions += n;
        seconds += n * SYNC_EDIT_SECONDS;
        maxSeconds += n * SYNC_EDIT_SECONDS;
        continue;
      }
      const cost = costOf(workload.id, params);
      const low = cost.cases * (counts.warmup + counts.runs);
      const high = cost.cases * (counts.warmup + maxRuns);
      executions += low;
      seconds += cost.fixture + low * cost.perExecution;
      maxSeconds += cost.fixture + high * cost.perExecution;
    }
  }
  return { seconds, maxSeconds, executions };
}

/** "about 4 min", "about 45 s", "about 1 h 20 min": an estimate, never to the second. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '…';
  if (seconds < 60) return `${Math.max(1, Math.round(seconds / 5) * 5)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}
