// Interleaved racing runs on the real engine: bind, volume, tmpfs and the host baseline together,
// with the host running the bench image's BusyBox and checked against the native bind mount of the
// same disk. Nothing of dockerode is mocked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFile } from '../../src/shared/result-schema';
import { runFileSchema } from '../../src/shared/result-schema';
import type { RunEvent } from '../../src/shared/run-events';
import type { RunRequest } from '../../src/shared/run-plan';
import { engineInfoFrom, resolveEngine } from '../../src/core/engines';
import { prepareRun } from '../../src/core/runner/prepare-run';
import { continuationOf } from '../../src/shared/continuation';
import { runOnEngine, runPrepared } from './engine-run';
import { image, labelledLeftovers, tempDir } from './support';

const cache = tempDir('racing');
afterAll(() => cache.remove());

async function run(request: RunRequest, runId: string) {
  const resolved = await resolveEngine(undefined);
  const events: RunEvent[] = [];
  const result = await runOnEngine(request, {
    runId,
    engine: engineInfoFrom(resolved.engine),
    allowHostCommands: false,
    cacheDir: cache.path,
    onEvent: (event) => events.push(event),
  });
  return { run: result, events };
}

describe('an interleaved racing run on bind, volume, tmpfs and host', () => {
  let result: RunFile;
  let events: RunEvent[];

  beforeAll(async () => {
    ({ run: result, events } = await run(
      {
        mounts: ['bind', 'volume', 'tmpfs', 'host'],
        workloads: ['small-file-read'],
        size: 'quick',
        runs: 5,
        maxRuns: 8,
        warmup: 1,
        race: true,
      },
      'it-racing',
    ));
  }, 600_000);

  it('completes with a valid file that records the stop rule and how each race ended', () => {
    expect(result.errors).toEqual([]);
    expect(runFileSchema.safeParse(result).success).toBe(true);
    // Quick's equivalence margin (±10 %), futility from six samples.
    expect(result.race?.rule).toMatchObject({
      minSamples: 5,
      maxSamples: 8,
      alpha: 0.05,
      tieMargin: 0.1,
      futilityFrom: 6,
    });
    expect(result.race?.rule.perLookAlpha).toBeCloseTo(0.05 / 4, 12);
    // Backends race within their role: the bind mount alone for the source tree, volume and tmpfs for data.
    expect(result.race?.workloads.map((w) => [w.workloadKey, w.role])).toEqual([
      ['small-file-read', 'source-tree'],
      ['small-file-read', 'container-data'],
    ]);
    // Alone in its role, the bind mount samples on to the cap (8; at least 10 otherwise), not the minimum.
    const source = result.race!.workloads[0];
    expect(source).toMatchObject({
      outcome: 'decided',
      exits: [{ backendId: 'docker-engine/native/bind', reason: 'leader', round: 8 }],
    });
  });

  it('takes samples in rounds whose order rotates, every backend holding its container throughout', () => {
    const timed = events.filter(
      (e): e is Extract<RunEvent, { type: 'sample' }> => e.type === 'sample' && !e.warmup,
    );
    // The first four timed samples are round 1 in planned order; the next four are round 2, rotated by one.
    const order = timed.slice(0, 8).map((e) => e.backendId);
    expect(order).toEqual([
      'docker-engine/native/bind',
      'docker-engine/native/volume',
      'docker-engine/native/tmpfs',
      'host',
      'docker-engine/native/volume',
      'docker-engine/native/tmpfs',
      'host',
      'docker-engine/native/bind',
    ]);
    // Every backend started before the first sample and was cleaned up only after the last.
    const firstSample = events.findIndex((e) => e.type === 'sample');
    const lastSample = events.map((e) => e.type).lastIndexOf('sample');
    const started = events.flatMap((e, i) => (e.type === 'backend-started' ? [i] : []));
    const cleanups = events.flatMap((e, i) => (e.type === 'phase' && e.phase === 'cleanup' ? [i] : []));
    expect(started).toHaveLength(4);
    expect(Math.max(...started)).toBeLessThan(firstSample);
    expect(Math.min(...cleanups)).toBeGreaterThan(lastSample);
  });

  it('records per result the round each backend stopped at, and the host rides along as the baseline', () => {
    for (const r of result.results) {
      expect(r.order).toBe('interleaved');
      expect(r.stop).toBeUndefined();
      expect(r.stats.runs).toBeGreaterThanOrEqual(5);
      expect(r.stats.runs).toBeLessThanOrEqual(8);
      expect(r.race?.round).toBe(r.stats.runs);
    }
    const host = result.results.find((r) => r.backend.mount === 'host')!;
    expect(host.race?.reason).toBe('baseline');
  });

  it('measures the bind mount, alone for the source tree, as much as its rivals get: to the cap of 8 here', () => {
    const bind = result.results.find((r) => r.backend.mount === 'bind')!;
    const rivals = result.results.filter((r) => r.backend.mount === 'volume' || r.backend.mount === 'tmpfs');
    // At least ten samples, never past the cap (8), and never fewer than the other role's racers.
    expect(bind.stats.runs).toBe(8);
    expect(bind.stats.runs).toBeGreaterThanOrEqual(Math.max(...rivals.map((r) => r.stats.runs)));
    expect(bind.race?.reason).toBe('leader');
  });

  it('runs the host baseline with the bench image BusyBox and self-checks it against the native bind mount', () => {
    const host = result.results.find((r) => r.backend.mount === 'host')!;
    expect(host.hostTools).toBe(`BusyBox from the bench image ${image}`);
    expect(host.baselineCheck?.against).toBe('docker-engine/native/bind');
    const check = host.baselineCheck!;
    expect(check.low).toBeLessThanOrEqual(check.ratio);
    expect(check.high).toBeGreaterThanOrEqual(check.ratio);
    // Whatever the verdict, the file says it, and a failed check says so in the host's warnings.
    expect(check.tolerance).toBe(0.25);
    // It agrees only when the whole interval lies in the band, fails only when the whole of it lies outside.
    expect(check.agrees).toBe(check.low >= 1 / 1.25 && check.high <= 1.25);
    expect(check.outcome).toBe(
      check.agrees ? 'agrees' : check.low > 1.25 || check.high < 1 / 1.25 ? 'differs' : 'too-wide',
    );
    expect(host.warnings.some((w) => w.startsWith('Self-check failed'))).toBe(check.outcome === 'differs');
    expect(host.warnings.some((w) => w.startsWith('Self-check not decided'))).toBe(
      check.outcome === 'too-wide',
    );
  });

  it('leaves nothing labelled mountbench=1 behind', async () => {
    expect(await labelledLeftovers({ runId: 'it-racing' })).toEqual({ containers: [], volumes: [] });
  });

  it('keeps measuring: the continuation of an open race runs on the real engine on exactly the backends still in', async () => {
    // This run's container-data race, as if it had stopped at its cap with volume and tmpfs both in.
    const volume = 'docker-engine/native/volume';
    const tmpfs = 'docker-engine/native/tmpfs';
    const open: RunFile = {
      ...result,
      race: {
        ...result.race!,
        workloads: result.race!.workloads.map((w) =>
          w.role === 'container-data'
            ? {
                ...w,
                outcome: 'cap' as const,
                exits: [volume, tmpfs].map((backendId) => ({ backendId, round: 8, reason: 'cap' as const })),
              }
            : w,
        ),
      },
    };
    const next = continuationOf(open);
    expect(next.request).not.toBeNull();
    const prepared = await prepareRun(next.request);
    expect(prepared.backends.map((b) => b.id)).toEqual([volume, tmpfs]);
    const continued = await runPrepared(prepared, {
      runId: 'it-racing-continued',
      allowHostCommands: false,
      cacheDir: cache.path,
    });
    expect(continued.errors).toEqual([]);
    expect(new Set(continued.results.map((r) => r.backend.id))).toEqual(new Set([volume, tmpfs]));
    expect(
      continued.results.every((r) => r.workload.id === 'small-file-read' && r.workload.size === 'quick'),
    ).toBe(true);
    expect(continued.race?.rule).toMatchObject({ minSamples: 5, maxSamples: 8 });
    expect(continued.race?.workloads.map((w) => w.role)).toEqual(['container-data']);
    expect(await labelledLeftovers({ runId: 'it-racing-continued' })).toEqual({
      containers: [],
      volumes: [],
    });
  }, 600_000);
});
