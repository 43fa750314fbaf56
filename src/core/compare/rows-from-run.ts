// A run file, flattened into comparison rows: one row per workload result, with the machine it ran
// on, the backend, the workload (and its case) and every timed sample.
import { workloadKey, type ComparisonRow } from '../../shared/comparison';
import type { RunFile, WorkloadResult } from '../../shared/result-schema';
import { sampleMethodOf } from '../../shared/sample-method-of';
import { machineKey, machineLabel } from '../machine/machine-key';

function rowFromResult(
  run: RunFile,
  result: WorkloadResult,
  machine: ComparisonRow['machine'],
): ComparisonRow {
  const { backend, workload, stats } = result;
  return {
    source: {
      kind: 'measured',
      runId: run.id,
      createdAt: run.createdAt,
      ...(run.origin ? { importedFrom: run.origin.tool } : {}),
    },
    machine,
    backend: {
      key: backend.id,
      label: backend.label,
      provider: backend.provider,
      fileSharing: backend.variant,
      mount: backend.mount,
    },
    workload: {
      key: workloadKey(workload.id, workload.case),
      id: workload.id,
      case: workload.case ?? null,
      size: workload.size,
    },
    mean: stats.mean,
    stddev: stats.stddev,
    median: stats.median,
    min: stats.min,
    max: stats.max,
    runs: stats.runs,
    samples: [...stats.samples],
    opsPerSample: result.opsPerSample ?? 1,
    fsType: result.fsType,
    note: result.warnings.length ? result.warnings.join(' ') : null,
    ...sampleMethodField(run, result),
  };
}

/**
 * A Mountbench result's method, with its schema's default (files from before the field were
 * spaced). An imported hyperfine file says it only when Mountbench wrote it: otherwise it is not
 * recorded, never guessed (store/import-hyperfine.ts).
 */
function sampleMethodField(run: RunFile, result: WorkloadResult): Pick<ComparisonRow, 'sampleMethod'> {
  if (run.origin && result.sampleMethod === undefined) return {};
  return { sampleMethod: sampleMethodOf(result) };
}

export function rowsFromRun(run: RunFile): ComparisonRow[] {
  const machine: ComparisonRow['machine'] = {
    key: machineKey(run.machine),
    label: machineLabel(run.machine),
    chip: run.machine.chip,
    arch: run.machine.arch,
  };
  return run.results.map((result) => rowFromResult(run, result, machine));
}
