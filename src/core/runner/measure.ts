// Measures one workload on every backend of a run. The runner picks the measurer by how the
// workload is timed (as hyperfine's benchmark module picks its executor): script workloads go
// through interleaved rounds across the backends; sync-latency, timed by host edits, runs its
// edits backend by backend.
import type { SizeName } from '../../shared/ids';
import type { Backend, RaceSummary, WorkloadResult } from '../../shared/result-schema';
import type { RunRequest } from '../../shared/run-plan';
import { workloadKey } from '../../shared/comparison';
import { racePolicy } from '../stats/race';
import type { HostEditWorkload, ScriptedWorkload, Workload } from '../workloads/workload';
import type { BackendExecutor } from './executor';
import { laneResult } from './lane-result';
import type { MeasureHooks } from './measure-hooks';
import { measureSyncLatency } from './measure-sync-latency';
import { measurePageReload } from './measure-page-reload';
import { measureParallel } from './measure-parallel';
import { raceExitReason, runCaseRounds, type CaseRounds, type RoundPolicy } from './rounds';
import { roleOf } from '../../shared/roles';
import { stopPolicy } from './stop-rule';
import { prepareLane, type Lane, type LaneShape } from './workload-lane';
import type { SharedFixtures } from './shared-fixtures';

export interface MeasureLaneInput {
  backend: Backend;
  executor: BackendExecutor;
  hooks: MeasureHooks;
}

export type MeasureCounts = Pick<
  RunRequest,
  'runs' | 'warmup' | 'adaptive' | 'maxRuns' | 'race' | 'order' | 'sampleMethod'
>;

export interface MeasureInput {
  lanes: readonly MeasureLaneInput[];
  workload: Workload;
  size: SizeName;
  counts: MeasureCounts;
  /** Epoch ms after which no new round starts (racing with a budget); null: none. */
  deadline: number | null;
  signal: AbortSignal;
  /** A backend that fails on this workload leaves it; the others go on. */
  onLaneFailed(backend: Backend, err: unknown): void;
  /** The run's one host copy of read-only fixtures, for executors that mount it. */
  sharedFixtures?: SharedFixtures;
}

export interface WorkloadMeasurement {
  results: WorkloadResult[];
  /** Racing only: one entry per case. */
  races: RaceSummary['workloads'];
}

/** Executions a workload will make at least: the denominator of progress. */
export function plannedExecutions(workload: Workload, size: SizeName, counts: MeasureCounts): number {
  if (workload.kind === 'host-edit') return counts.warmup + workload.edits(size);
  if (workload.kind === 'web-request')
    return 2 * counts.warmup + workload.requests(size) + workload.edits(size);
  if (workload.kind === 'parallel') return workload.cases(size).length * (counts.warmup + counts.runs);
  const runs = counts.race ? racePolicy(counts).minSamples : counts.runs;
  return workload.cases(size).length * (counts.warmup + runs);
}

/** Executions a workload may make at most: a race's cap, an adaptive stop's most runs. */
export function mostExecutions(workload: Workload, size: SizeName, counts: MeasureCounts): number {
  if (workload.kind === 'host-edit') return counts.warmup + workload.edits(size);
  if (workload.kind !== 'script') return plannedExecutions(workload, size, counts);
  const runs = counts.race
    ? racePolicy(counts).maxSamples
    : counts.adaptive
      ? stopPolicy(counts).maxRuns
      : counts.runs;
  return workload.cases(size).length * (counts.warmup + runs);
}

export function roundPolicy(counts: MeasureCounts): RoundPolicy {
  if (counts.race) return { kind: 'race', race: racePolicy(counts) };
  if (counts.adaptive) return { kind: 'adaptive', stop: stopPolicy(counts) };
  return { kind: 'fixed', runs: counts.runs };
}

/**
 * How a lane's samples run: the run's sample method, else the workload's published one; batched
 * unless the cache is dropped before every execution, or the batch's back-to-back writes would
 * change the quantity (spaced) or what a sync tool flushes.
 */
export function laneShape(
  workload: Workload,
  counts: Pick<MeasureCounts, 'sampleMethod'>,
  lane: { coldCache: boolean; synced: boolean },
): LaneShape {
  const sampleMethod = counts.sampleMethod ?? workload.sampleMethod;
  const writesApart = workload.writes && (sampleMethod === 'spaced' || lane.synced);
  return { sampleMethod, batches: !lane.coldCache && !writesApart };
}

/** A sync that carries the container's writes back to the host, so writes are flushed and timed. */
function twoWaySync(executor: { sync?: { oneWay?: boolean } }): boolean {
  return executor.sync !== undefined && !executor.sync.oneWay;
}

async function prepareLanes(input: MeasureInput): Promise<Lane[]> {
  const lanes: Lane[] = [];
  for (const { backend, executor, hooks } of input.lanes) {
    try {
      const shape = laneShape(input.workload, input.counts, {
        coldCache: hooks.coldCache !== undefined,
        // A one-way copy has no write-back for back-to-back writes to change.
        synced: executor.sync !== undefined && !executor.sync.oneWay,
      });
      lanes.push(
        await prepareLane(executor, backend, input.workload, input.size, hooks, shape, input.sharedFixtures),
      );
    } catch (err) {
      if (input.signal.aborted) throw err;
      input.onLaneFailed(backend, err);
    }
  }
  return lanes;
}

function raceEntries(key: string, lanes: readonly Lane[], rounds: CaseRounds): RaceSummary['workloads'] {
  const id = (lane: number) => lanes[lane].backend.id;
  return rounds.races.map((race) => ({
    workloadKey: key,
    role: race.role,
    rounds: rounds.rounds,
    outcome: race.outcome ?? 'cap',
    ...(race.resolvable !== undefined ? { resolvable: race.resolvable } : {}),
    exits: rounds.exits
      .filter((e) => race.lanes.includes(e.lane))
      .map((e) => ({
        backendId: id(e.lane),
        round: e.round,
        reason: raceExitReason(e.reason),
        ...(e.slowerThan !== undefined ? { slowerThan: id(e.slowerThan) } : {}),
      })),
    comparisons: race.comparisons.map((c) => ({
      a: id(c.a),
      b: id(c.b),
      ratio: c.interval.ratio,
      low: c.interval.low,
      high: c.interval.high,
      decided: c.decided,
    })),
  }));
}

async function measureInRounds(
  input: MeasureInput,
  workload: ScriptedWorkload,
): Promise<WorkloadMeasurement> {
  const { size, counts, signal } = input;
  const lanes = await prepareLanes(input);
  const measurement: WorkloadMeasurement = { results: [], races: [] };
  if (!lanes.length) return measurement;
  const order = counts.order ?? 'interleaved';
  const policy = roundPolicy(counts);
  const flushesWrites = workload.writes;
  for (const workloadCase of workload.cases(size)) {
    const rounds = await runCaseRounds({
      lanes,
      workloadCase,
      flushesWrites,
      warmup: counts.warmup,
      roles: lanes.map((lane) => roleOf(lane.backend.mount)),
      policy,
      order,
      deadline: input.deadline,
      signal,
      onLaneFailed: (lane, err) => input.onLaneFailed(lanes[lane].backend, err),
    });
    for (const exit of rounds.exits) {
      if (exit.reason === 'failed' || rounds.samples[exit.lane].timed.length === 0) continue;
      measurement.results.push(
        await laneResult({
          lane: lanes[exit.lane],
          workload,
          size,
          workloadCase,
          samples: rounds.samples[exit.lane],
          exit,
          warmup: counts.warmup,
          order,
          racing: policy.kind === 'race',
          maxRuns: policy.kind === 'adaptive' ? policy.stop.maxRuns : counts.runs,
          laneIds: lanes.map((l) => l.backend.id),
          flushesWrites: flushesWrites && twoWaySync(lanes[exit.lane].executor),
        }),
      );
    }
    measurement.races.push(...raceEntries(workloadKey(workload.id, workloadCase.id), lanes, rounds));
  }
  // Results in the planned backend order, whatever order the backends left in.
  const rank = new Map(input.lanes.map((l, i) => [l.backend.id, i]));
  measurement.results.sort((a, b) => rank.get(a.backend.id)! - rank.get(b.backend.id)!);
  return measurement;
}

async function measureEditsPerBackend(
  input: MeasureInput,
  workload: HostEditWorkload,
): Promise<WorkloadMeasurement> {
  const results: WorkloadResult[] = [];
  for (const { backend, executor, hooks } of input.lanes) {
    try {
      results.push(
        ...(await measureSyncLatency(executor, backend, workload, input.size, input.counts.warmup, hooks)),
      );
    } catch (err) {
      if (input.signal.aborted) throw err;
      input.onLaneFailed(backend, err);
    }
  }
  return { results, races: [] };
}

/**
 * Backend by backend, for workloads the runner times itself (page-reload) or fans out over several
 * containers (parallel-read): neither interleaves rounds or races; their runs are fixed.
 */
async function measurePerBackend(
  input: MeasureInput,
  measure: (lane: MeasureLaneInput) => Promise<WorkloadResult[]>,
): Promise<WorkloadMeasurement> {
  const results: WorkloadResult[] = [];
  for (const lane of input.lanes) {
    try {
      results.push(...(await measure(lane)));
    } catch (err) {
      if (input.signal.aborted) throw err;
      input.onLaneFailed(lane.backend, err);
    }
  }
  return { results, races: [] };
}

/** The runner picks the measurer by how the workload is timed (its `kind`). */
export function measureWorkload(input: MeasureInput): Promise<WorkloadMeasurement> {
  const { workload, size, counts } = input;
  switch (workload.kind) {
    case 'host-edit':
      return measureEditsPerBackend(input, workload);
    case 'web-request':
      return measurePerBackend(input, ({ executor, backend, hooks }) =>
        measurePageReload(executor, backend, workload, size, counts.warmup, hooks),
      );
    case 'parallel':
      return measurePerBackend(input, ({ executor, backend, hooks }) =>
        measureParallel(executor, backend, workload, size, counts, hooks, input.sharedFixtures),
      );
    case 'script':
      return measureInRounds(input, workload);
  }
}
