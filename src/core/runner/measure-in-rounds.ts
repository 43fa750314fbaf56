// The measurer of script workloads (the most of them): interleaved rounds across the backends,
// fixed, adaptive or racing (rounds.ts), each lane shaped by how its samples run.
import type { SizeName } from '../../shared/ids';
import type { RaceSummary } from '../../shared/result-schema';
import { workloadKey } from '../../shared/comparison';
import { roleOf } from '../../shared/mounts';
import { racePolicy } from '../stats/race';
import type { ScriptedWorkload, Workload } from '../workloads/workload';
import { laneResult } from './lane-result';
import type { MeasureCounts, MeasureInput, Measurer, WorkloadMeasurement } from './measurer';
import { raceExitReason, runCaseRounds, type CaseRounds, type RoundPolicy } from './rounds';
import { stopPolicy } from './stop-rule';
import { prepareLane, type Lane, type LaneShape } from './workload-lane';

function roundPolicy(counts: MeasureCounts): RoundPolicy {
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
        synced: twoWaySync(executor),
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

export const scriptMeasurer: Measurer<ScriptedWorkload> = {
  planned(workload: ScriptedWorkload, size: SizeName, counts: MeasureCounts): number {
    const runs = counts.race ? racePolicy(counts).minSamples : counts.runs;
    return workload.cases(size).length * (counts.warmup + runs);
  },
  most(workload: ScriptedWorkload, size: SizeName, counts: MeasureCounts): number {
    const runs = counts.race
      ? racePolicy(counts).maxSamples
      : counts.adaptive
        ? stopPolicy(counts).maxRuns
        : counts.runs;
    return workload.cases(size).length * (counts.warmup + runs);
  },
  measure: measureInRounds,
};
