// hyperfine's `--export-json` shape, so scripts and plots written for hyperfine (its
// scripts/plot_*.py, welch_ttest.py) read Mountbench results unchanged. Times are seconds per
// sample, as hyperfine's are seconds per command run; a batched workload says how many operations
// one sample did in `parameters.ops_per_sample`, and how each sample was taken in
// `parameters.executions_per_sample` and `parameters.sample_method` (read back on import).
import { workloadKey } from '../../shared/comparison';
import type { RunFile, WorkloadResult } from '../../shared/result-schema';
import { sampleMethodOf } from '../../shared/sample-method-of';

export interface HyperfineResult {
  command: string;
  mean: number;
  /** Null with a single run, as hyperfine writes it. */
  stddev: number | null;
  median: number;
  /** Mean CPU seconds per run; null where the clock could not give them (hyperfine always can). */
  user: number | null;
  system: number | null;
  min: number;
  max: number;
  times: number[];
  exit_codes: number[];
  /** hyperfine's parameter values (strings): here, what the command name abbreviates. */
  parameters: Record<string, string>;
}

export interface HyperfineExport {
  results: HyperfineResult[];
}

/** "small-file-read on docker-engine/native/bind": the workload and the backend it ran on. */
export function hyperfineCommand(result: WorkloadResult): string {
  return `${workloadKey(result.workload.id, result.workload.case)} on ${result.backend.id}`;
}

function toHyperfine(result: WorkloadResult): HyperfineResult {
  const { stats } = result;
  return {
    command: hyperfineCommand(result),
    mean: stats.mean,
    stddev: stats.stddev,
    median: stats.median,
    user: stats.user,
    system: stats.system,
    min: stats.min,
    max: stats.max,
    times: [...stats.samples],
    // Only completed samples are stored; a failing workload ends the result instead.
    exit_codes: stats.samples.map(() => 0),
    parameters: {
      backend: result.backend.label,
      workload: result.workload.id,
      ...(result.workload.case ? { case: result.workload.case } : {}),
      size: result.workload.size,
      mount: result.backend.mount,
      fs_type: result.fsType,
      cache: result.cache,
      ops_per_sample: String(result.opsPerSample ?? 1),
      // `times` are per execution: a sample that ran the script N times is its time / N.
      executions_per_sample: String(result.executionsPerSample ?? 1),
      sample_method: sampleMethodOf(result),
    },
  };
}

export function hyperfineExport(run: RunFile): HyperfineExport {
  return { results: run.results.map(toHyperfine) };
}

export function hyperfineJson(run: RunFile): string {
  return `${JSON.stringify(hyperfineExport(run), null, 2)}\n`;
}
