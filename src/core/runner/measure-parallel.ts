// Times a parallel workload: the backend's environment and its siblings on the same mount (the
// same host folder, the same named volume) run the case's script at once, each timed by its own
// clock. A sample is the slowest environment's time, because that is when all of them are done;
// each environment's own median is kept in the derived figures. One failure fails the sample.
import { MountbenchError } from '../../shared/errors';
import type { SizeName } from '../../shared/ids';
import type { Backend, WorkloadResult } from '../../shared/result-schema';
import { median } from '../stats';
import type { ParallelWorkload } from '../workloads/workload';
import type { BackendExecutor } from './executor';
import { laneResult } from './lane-result';
import type { MeasureHooks } from './measure-hooks';
import type { SharedFixtures } from './shared-fixtures';
import { calibrateOnce, timeOnce } from './time-sample';
import { spentAcross } from '../host-processes/serving-cost';
import { emptyLaneSamples, prepareLane } from './workload-lane';

export interface ParallelCounts {
  runs: number;
  warmup: number;
}

export async function measureParallel(
  executor: BackendExecutor,
  backend: Backend,
  workload: ParallelWorkload,
  size: SizeName,
  counts: ParallelCounts,
  hooks: MeasureHooks,
  shared?: SharedFixtures,
): Promise<WorkloadResult[]> {
  const { signal } = hooks;
  const count = workload.parallel(size);
  if (!executor.siblings)
    throw new MountbenchError('BAD_INPUT', `${backend.label} cannot start environments beside its own`);
  const lane = await prepareLane(
    executor,
    backend,
    workload,
    size,
    hooks,
    { sampleMethod: 'spaced', batches: false },
    shared,
  );
  const siblings = await executor.siblings(count - 1, signal);
  try {
    const all = [executor, ...siblings];
    const overheads = await Promise.all(all.map((e) => calibrateOnce(e, lane.workdir, signal)));
    const results: WorkloadResult[] = [];
    for (const workloadCase of workload.cases(size)) {
      const samples = emptyLaneSamples();
      const each: number[][] = all.map(() => []);
      const round = async (index: number, warmup: boolean) => {
        await hooks.coldCache?.drop(signal);
        // Settled, not raced: a failed reader must not leave the others' execs running unseen.
        // The share's processes serve all the readers at once: read around the whole round.
        const { value: settled, spent } = await spentAcross(warmup ? [] : (executor.serving ?? []), () =>
          Promise.allSettled(
            all.map((e) => timeOnce(e, lane.workdir, workloadCase.script, workloadCase.reset, signal)),
          ),
        );
        const failed = settled.findIndex((s) => s.status === 'rejected');
        if (failed >= 0) {
          const reason = (settled[failed] as PromiseRejectedResult).reason as Error;
          throw new MountbenchError(
            'WORKLOAD_FAILED',
            `container ${failed + 1} of ${all.length} failed: ${reason.message}`,
          );
        }
        const seconds = settled.map((s, i) =>
          Math.max(0, (s as PromiseFulfilledResult<{ seconds: number }>).value.seconds - overheads[i]),
        );
        const slowest = Math.max(...seconds);
        samples.first ??= slowest;
        if (warmup) samples.warmups++;
        else {
          samples.timed.push({ seconds: slowest, user: null, system: null });
          seconds.forEach((s, i) => each[i].push(s));
          if (spent) samples.serving.push(spent);
        }
        hooks.sample(workloadCase.id, index, warmup, slowest);
      };
      if (counts.warmup > 0) hooks.phase('warmup');
      for (let i = 0; i < counts.warmup; i++) await round(i, true);
      hooks.phase('timed');
      for (let i = 0; i < counts.runs; i++) await round(i, false);
      const result = await laneResult({
        lane,
        workload,
        size,
        workloadCase,
        samples,
        exit: { lane: 0, round: counts.runs, reason: 'fixed' },
        warmup: counts.warmup,
        order: 'sequential',
        racing: false,
        maxRuns: counts.runs,
        laneIds: [backend.id],
        flushesWrites: false,
      });
      const perContainer = Object.fromEntries(
        each.map((xs, i) => [`container${i + 1}MedianSeconds`, median(xs)]),
      );
      const medians = each.map((xs) => median(xs));
      results.push({
        ...result,
        derived: {
          ...result.derived,
          ...perContainer,
          containers: all.length,
          slowestOverFastest: Math.min(...medians) > 0 ? Math.max(...medians) / Math.min(...medians) : 0,
        },
      });
    }
    return results;
  } finally {
    await Promise.allSettled(siblings.map((s) => s.dispose()));
  }
}
