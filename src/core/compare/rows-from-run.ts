// A run file, flattened into comparison rows: one row per workload result, with the machine it ran
// on, the backend, the workload (and its case) and every timed sample.
import { servingCpuMean } from '../../shared/serving-words';
import { workloadKey, type ComparisonRow } from '../../shared/comparison';
import type { RunFile, WorkloadResult } from '../../shared/result-schema';
import { sampleMethodOf } from '../../shared/sample-method-of';
import { passDriftOf } from '../stats/pass-drift';
import { summarize } from '../stats/summarize';
import { machineKey, machineLabel } from '../machine/machine-key';

function rowFromResult(
  run: RunFile,
  result: WorkloadResult,
  machine: ComparisonRow['machine'],
): ComparisonRow {
  const { backend, workload } = result;
  const stats = bothPasses(result);
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
    ...passDriftField(result),
    ...controlField(result),
    ...hostCpuField(result),
    ...raceSpentField(run, result),
  };
}

/** A race's exits that say the backend was still in when it stopped without a verdict. */
const SPENT_EXITS = new Set(['cap', 'futile']);

/**
 * The race on this result's workload, when it stopped at its cap or as futile with this backend
 * still in, and the level its last look could call a pair of those left at: the per-look level
 * over every pair left (core/stats/race-spent.ts). A time budget that ran out is no such stop: the
 * race had more to sample, and its answer stays open.
 */
function raceSpentField(run: RunFile, result: WorkloadResult): Pick<ComparisonRow, 'raceSpent'> {
  const race = run.race;
  if (!race) return {};
  const key = workloadKey(result.workload.id, result.workload.case);
  const entry = race.workloads.find(
    (w) =>
      w.workloadKey === key &&
      (w.outcome === 'cap' || w.outcome === 'futile') &&
      w.exits.some((e) => e.backendId === result.backend.id && SPENT_EXITS.has(e.reason)),
  );
  if (!entry) return {};
  const left = entry.exits.filter((e) => SPENT_EXITS.has(e.reason)).length;
  const pairs = (left * (left - 1)) / 2;
  if (pairs < 1) return {};
  return { raceSpent: { race: `${run.id}:${key}:${entry.role}`, level: race.rule.perLookAlpha / pairs } };
}

/** What serving this backend cost the host a sample, where it was read. */
function hostCpuField(result: WorkloadResult): Pick<ComparisonRow, 'hostCpu'> {
  const cpu = servingCpuMean(result);
  return cpu === null ? {} : { hostCpu: cpu };
}

/**
 * The figures a comparison reads: a bracketed sweep's two passes pooled (A B … B A puts each
 * setting's mean at the same point in time under a steady drift, and the pooled spread carries
 * the drift), else the result's own. The result file keeps the first pass's as its stats.
 */
function bothPasses(
  result: WorkloadResult,
): Pick<WorkloadResult['stats'], 'mean' | 'stddev' | 'median' | 'min' | 'max' | 'runs' | 'samples'> {
  const second = result.passCheck?.second.samples;
  if (!second?.length) return result.stats;
  return summarize([...result.stats.samples, ...second]);
}

/** The control measured beside this result in its setting's run, without which backend it was. */
function controlField(result: WorkloadResult): Pick<ComparisonRow, 'control'> {
  if (!result.control) return {};
  const { backendId: _backend, ...control } = result.control;
  return { control };
}

/** The drift between a bracketed sweep's two passes of this result, when it was measured twice. */
function passDriftField(result: WorkloadResult): Pick<ComparisonRow, 'passDrift'> {
  const check = result.passCheck;
  const drift = check ? passDriftOf(check.first.mean, check.second.mean) : null;
  return drift === null ? {} : { passDrift: drift };
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
