// executeRun on scripted executors: the order of a run's events (phases included), what a run
// disposes, backends starting together (a bound, a failure, a cancel while they start), a backend
// that cannot start, a lane that fails, and how a racing budget is spread over the workloads. The
// run folder is a real temp folder; nothing talks to an engine (docker is null, the executors are
// scripted).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../shared/result-schema';
import type { RunEvent } from '../../shared/run-events';
import type { RunRequest } from '../../shared/run-plan';
import { CONCURRENT_STARTS, executeRun, runParts, runWorkDir, type RunContext } from './run';
import { ScriptedEngine, type ScriptedBackend, type ScriptedOptions } from './test-support/scripted-executor';

const NATIVE: Backend = {
  id: 'docker-engine/native/bind',
  provider: 'docker-engine',
  variant: 'native',
  mount: 'bind',
  label: 'Docker Engine, native, bind mount',
};
const FUSE: Backend = {
  ...NATIVE,
  id: 'docker-engine/fuse/bind',
  variant: 'fuse',
  label: 'Docker Engine, FUSE, bind mount',
};
const VOLUME: Backend = {
  ...NATIVE,
  id: 'docker-engine/native/volume',
  mount: 'volume',
  label: 'named volume',
};

/** `n` bind backends alike but for their ids, as many as a test needs. */
function binds(n: number): Backend[] {
  return Array.from({ length: n }, (_, i) => ({ ...NATIVE, id: `${NATIVE.id}#${i}`, label: `bind ${i}` }));
}

let cacheDir: string;
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'mb-run-unit-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(cacheDir, { recursive: true, force: true });
});

interface Scripted {
  ctx: RunContext;
  engine: ScriptedEngine;
  events: RunEvent[];
  controller: AbortController;
}

function scriptedRun(
  request: Partial<RunRequest> & Pick<RunRequest, 'workloads'>,
  backends: Backend[],
  behaviour: (backend: Backend, index: number) => ScriptedBackend,
  options: ScriptedOptions & { onEvent?(event: RunEvent, controller: AbortController): void } = {},
): Scripted {
  const controller = new AbortController();
  const engine = new ScriptedEngine(behaviour, options);
  const events: RunEvent[] = [];
  const ctx: RunContext = {
    runId: '20261202-120000-abcdef',
    request: { mounts: ['bind'], size: 'quick', runs: 3, warmup: 1, ...request },
    backends,
    docker: null,
    engine: null,
    image: 'mountbench/bench:offline',
    machine: {
      chip: 'scripted',
      arch: 'x64',
      processArch: 'x64',
      rosetta: false,
      cores: 2,
      memoryBytes: 8 * 2 ** 30,
      os: { platform: 'linux', name: 'Debian', version: '12', kernel: 'Linux 6.1' },
    },
    appVersion: '0.0.0-test',
    allowHostCommands: false,
    cacheDir,
    signal: controller.signal,
    executors: engine.factory,
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event, controller);
    },
  };
  return { ctx, engine, events, controller };
}

/** One line per event, enough to read the order off. */
function line(event: RunEvent): string {
  switch (event.type) {
    case 'phase':
      return `${event.backendId} ${event.workloadId ?? '-'} ${event.phase}`;
    case 'sample':
      return `${event.backendId} ${event.workloadId} ${event.warmup ? 'warm-up' : 'timed'} sample`;
    case 'workload-done':
      return `${event.result.backend.id} ${event.result.workload.id} done`;
    case 'backend-started':
    case 'backend-done':
      return `${event.backendId} ${event.type}`;
    case 'error':
      return `error ${event.backendId ?? '-'} ${event.workloadId ?? '-'}`;
    default:
      return event.type;
  }
}

/** Consecutive duplicates folded: `x sample` ×4 reads as one line. */
function folded(lines: string[]): string[] {
  return lines.filter((l, i) => l !== lines[i - 1]);
}

const steady: ScriptedBackend['seconds'] = (_body, index) => 0.1 + 0.001 * (index % 3);

describe('executeRun on scripted executors', () => {
  it('emits planned first, each lane its phases in order (warm-up then timed per case), run-done last', async () => {
    const { ctx, engine, events } = scriptedRun(
      { workloads: ['dd-write', 'buffered-read'] },
      [NATIVE, VOLUME],
      () => ({
        seconds: steady,
        fsType: 'ext4',
      }),
    );
    const run = await executeRun(...runParts(ctx));
    expect(run.status).toBe('completed');
    expect(run.errors).toEqual([]);
    expect(events[0].type).toBe('planned');
    expect(events.at(-1)).toEqual({ type: 'run-done', runId: ctx.runId, status: 'completed', run });

    const ofBackend = (id: string) => folded(events.map(line).filter((l) => l.startsWith(`${id} `)));
    for (const backend of [NATIVE, VOLUME]) {
      const id = backend.id;
      // buffered-read has two cases, each with its own warm-up and timed runs.
      const sampled = (w: string) => [
        `${id} ${w} warmup`,
        `${id} ${w} warm-up sample`,
        `${id} ${w} timed`,
        `${id} ${w} timed sample`,
      ];
      expect(ofBackend(id)).toEqual([
        `${id} backend-started`,
        `${id} - container`,
        `${id} dd-write fixture`,
        `${id} dd-write calibrate`,
        ...sampled('dd-write'),
        `${id} dd-write done`,
        `${id} buffered-read fixture`,
        `${id} buffered-read calibrate`,
        ...sampled('buffered-read'),
        ...sampled('buffered-read'),
        `${id} buffered-read done`,
        `${id} - cleanup`,
        `${id} backend-done`,
      ]);
    }
    // Every backend is done before the run is.
    const doneAt = events.findIndex((e) => e.type === 'run-done');
    expect(events.slice(doneAt + 1)).toEqual([]);
    expect(events.filter((e) => e.type === 'backend-done')).toEqual([
      { type: 'backend-done', runId: ctx.runId, backendId: NATIVE.id, ok: true },
      { type: 'backend-done', runId: ctx.runId, backendId: VOLUME.id, ok: true },
    ]);
    // One executor per backend, each disposed exactly once; the run folder is gone.
    expect(engine.startsAsked).toEqual([NATIVE.id, VOLUME.id]);
    expect(engine.executors.map((e) => e.disposals)).toEqual([1, 1]);
    expect(existsSync(runWorkDir(cacheDir, ctx.runId))).toBe(false);
    // Results carry the scripted figures and fs type, in planned order.
    expect(
      run.results.map((r) => [r.backend.id, r.workload.id, r.workload.case ?? null, r.stats.runs]),
    ).toEqual([
      [NATIVE.id, 'dd-write', null, 3],
      [VOLUME.id, 'dd-write', null, 3],
      [NATIVE.id, 'buffered-read', '128', 3],
      [NATIVE.id, 'buffered-read', '1024', 3],
      [VOLUME.id, 'buffered-read', '128', 3],
      [VOLUME.id, 'buffered-read', '1024', 3],
    ]);
    expect(run.results[0].stats.samples).toEqual([0.101, 0.102, 0.1].map((v) => expect.closeTo(v, 9)));
    expect(run.results[0].fsType).toBe('ext4');
    expect(run.results[0].clock.source).toBe('scripted');
  });

  it('starts the backends together, at most CONCURRENT_STARTS at once, their events in plan order', async () => {
    const backends = binds(CONCURRENT_STARTS + 2);
    const steps: string[] = [];
    let under = 0;
    let most = 0;
    const { ctx, engine, events } = scriptedRun(
      { workloads: ['dd-write'] },
      backends,
      // Starts of 1, 3 and 2 turns: they end in another order than they began.
      (_backend, index) => ({ seconds: steady, startTurns: 1 + ((index * 2) % 3) }),
      {
        starting: (id, step) => {
          steps.push(`${step} ${id}`);
          under += step === 'begin' ? 1 : -1;
          most = Math.max(most, under);
        },
      },
    );
    const run = await executeRun(...runParts(ctx));
    expect(run.status).toBe('completed');
    expect(run.errors).toEqual([]);
    expect(most).toBe(CONCURRENT_STARTS);
    // The first CONCURRENT_STARTS began before any start ended; the rest begin as places free up.
    expect(steps.slice(0, CONCURRENT_STARTS)).toEqual(
      backends.slice(0, CONCURRENT_STARTS).map((b) => `begin ${b.id}`),
    );
    expect(engine.startsAsked).toEqual(backends.map((b) => b.id));
    expect(steps.indexOf(`end ${backends[3].id}`)).toBeLessThan(steps.indexOf(`end ${backends[1].id}`));
    // Every backend announced in plan order, before any fixture is laid.
    const lines = folded(events.map(line));
    const firstFixture = lines.findIndex((l) => l.endsWith(' fixture'));
    expect(lines.slice(1, firstFixture)).toEqual(
      backends.flatMap((b) => [`${b.id} backend-started`, `${b.id} - container`]),
    );
    expect(run.results.map((r) => r.backend.id)).toEqual(backends.map((b) => b.id));
    expect(engine.executors.map((e) => e.disposals)).toEqual(backends.map(() => 1));
  });

  it('a start that fails while others start fails only its backend, its error in plan order', async () => {
    const steps: string[] = [];
    const { ctx, engine, events } = scriptedRun(
      { workloads: ['dd-write'] },
      [NATIVE, FUSE, VOLUME],
      (backend) => ({
        seconds: steady,
        ...(backend.id === NATIVE.id ? { startTurns: 3 } : {}),
        ...(backend.id === FUSE.id ? { start: 'fails' as const } : {}),
      }),
      { starting: (id, step) => steps.push(`${step} ${id}`) },
    );
    const run = await executeRun(...runParts(ctx));
    // FUSE failed while NATIVE was still starting ...
    expect(steps.indexOf(`end ${FUSE.id}`)).toBeLessThan(steps.indexOf(`end ${NATIVE.id}`));
    // ... and its error still comes after every backend before it has started, in plan order.
    const lines = folded(events.map(line));
    expect(
      lines.slice(
        1,
        lines.findIndex((l) => l.endsWith(' fixture')),
      ),
    ).toEqual([
      `${NATIVE.id} backend-started`,
      `${NATIVE.id} - container`,
      `${FUSE.id} backend-started`,
      `${FUSE.id} - container`,
      `${VOLUME.id} backend-started`,
      `${VOLUME.id} - container`,
      `error ${FUSE.id} -`,
    ]);
    expect(run.status).toBe('completed');
    expect(run.results.map((r) => r.backend.id)).toEqual([NATIVE.id, VOLUME.id]);
    expect(run.errors).toEqual([
      expect.objectContaining({ backendId: FUSE.id, message: expect.stringContaining('could not start') }),
    ]);
    expect(
      events
        .filter((e) => e.type === 'backend-done')
        .map((e) => e.type === 'backend-done' && [e.backendId, e.ok]),
    ).toEqual([
      [NATIVE.id, true],
      [FUSE.id, false],
      [VOLUME.id, true],
    ]);
    expect(engine.executors.map((e) => [e.backendId, e.disposals]).sort()).toEqual(
      [
        [NATIVE.id, 1],
        [VOLUME.id, 1],
      ].sort(),
    );
  });

  it('a cancel while backends start starts no more, and disposes every one that started, even after it', async () => {
    const backends = binds(CONCURRENT_STARTS + 2);
    const { ctx, engine, events } = scriptedRun(
      { workloads: ['dd-write'] },
      backends,
      (backend) =>
        backend.id === backends[1].id
          ? { seconds: steady, start: 'waits-for-cancel' as const }
          : { seconds: steady, startTurns: 3 },
      {
        onEvent: (event, controller) => {
          // Cancel once the second backend's start is under way, from outside the start itself.
          if (event.type === 'phase' && event.backendId === backends[1].id && event.phase === 'container')
            setImmediate(() => controller.abort(new Error('cancelled by the test')));
        },
      },
    );
    const run = await executeRun(...runParts(ctx));
    expect(run.status).toBe('cancelled');
    // The first CONCURRENT_STARTS were under way; the ones after the cancel never began.
    expect(engine.startsAsked).toEqual(backends.slice(0, CONCURRENT_STARTS).map((b) => b.id));
    // The three that ended their start after the cancel are disposed, once each; nothing sampled.
    expect(engine.executors.map((e) => [e.backendId, e.disposals])).toEqual(
      [0, 2, 3].map((i) => [backends[i].id, 1]),
    );
    expect(engine.executors.every((e) => e.sampled.length === 0)).toBe(true);
    expect(events.some((e) => e.type === 'sample' || e.type === 'workload-done')).toBe(false);
    // Every planned backend is still cleaned up and reported, none as ok; the cancel is the one error.
    expect(
      events
        .filter((e) => e.type === 'backend-done')
        .map((e) => e.type === 'backend-done' && [e.backendId, e.ok]),
    ).toEqual(backends.map((b) => [b.id, false]));
    expect(run.errors.map((e) => e.code)).toEqual(['CANCELLED']);
    expect(events.at(-1)?.type).toBe('run-done');
    expect(existsSync(runWorkDir(cacheDir, ctx.runId))).toBe(false);
  });

  it('removes every backend at once after the last workload, each reporting cleanup then done in plan order', async () => {
    const steps: string[] = [];
    const { ctx, events } = scriptedRun(
      { workloads: ['dd-write'] },
      [NATIVE, FUSE, VOLUME],
      () => ({ seconds: steady }),
      { disposing: (id, step) => steps.push(`${step} ${id}`) },
    );
    await executeRun(...runParts(ctx));
    // All three removals were under way before the first one ended.
    expect(steps.slice(0, 3).sort()).toEqual([NATIVE, FUSE, VOLUME].map((b) => `begin ${b.id}`).sort());
    expect(steps.slice(3).sort()).toEqual([NATIVE, FUSE, VOLUME].map((b) => `end ${b.id}`).sort());
    const tail = folded(events.map(line)).slice(-7);
    expect(tail).toEqual([
      `${NATIVE.id} - cleanup`,
      `${FUSE.id} - cleanup`,
      `${VOLUME.id} - cleanup`,
      `${NATIVE.id} backend-done`,
      `${FUSE.id} backend-done`,
      `${VOLUME.id} backend-done`,
      'run-done',
    ]);
  });

  it('reports the answer before the clean-up begins, and run-done only once it has ended', async () => {
    const steps: string[] = [];
    const { ctx, engine, events } = scriptedRun(
      { workloads: ['dd-write'] },
      [NATIVE, VOLUME],
      () => ({ seconds: steady }),
      { disposing: (id, step) => steps.push(`${step} ${id}`) },
    );
    let atAnswer: { disposals: number[]; runDirThere: boolean; cleanupPhases: number } | null = null;
    ctx.beforeDone = async (answered) => {
      steps.push(`answer ${answered.status} ${answered.results.length}`);
      atAnswer = {
        disposals: engine.executors.map((e) => e.disposals),
        runDirThere: existsSync(runWorkDir(cacheDir, ctx.runId)),
        cleanupPhases: events.filter((e) => e.type === 'phase' && e.phase === 'cleanup').length,
      };
    };
    const run = await executeRun(...runParts(ctx));
    // The answer first, with everything still there; then every removal; run-done after the last.
    expect(steps[0]).toBe('answer completed 2');
    expect(atAnswer).toEqual({ disposals: [0, 0], runDirThere: true, cleanupPhases: 0 });
    expect(steps.slice(1).sort()).toEqual(
      [NATIVE, VOLUME].flatMap((b) => [`begin ${b.id}`, `end ${b.id}`]).sort(),
    );
    expect(engine.executors.map((e) => e.disposals)).toEqual([1, 1]);
    expect(existsSync(runWorkDir(cacheDir, ctx.runId))).toBe(false);
    expect(events.at(-1)).toEqual({ type: 'run-done', runId: ctx.runId, status: 'completed', run });
  });

  it('says run-answered once beforeDone has stored the run: after the last result, before the clean-up', async () => {
    let storedAt = -1;
    const { ctx, events } = scriptedRun({ workloads: ['dd-write'] }, [NATIVE, VOLUME], () => ({
      seconds: steady,
    }));
    ctx.beforeDone = async () => {
      storedAt = events.length;
      return true;
    };
    const run = await executeRun(...runParts(ctx));
    const types = events.map((e) => e.type);
    const answeredAt = types.indexOf('run-answered');
    expect(events[answeredAt]).toEqual({ type: 'run-answered', runId: ctx.runId, status: 'completed' });
    expect(types.filter((t) => t === 'run-answered')).toHaveLength(1);
    // Stored first, then said, with nothing in between; every result before it, every removal after.
    expect(answeredAt).toBe(storedAt);
    expect(types.lastIndexOf('workload-done')).toBeLessThan(answeredAt);
    const cleanups = events.flatMap((e, i) => (e.type === 'phase' && e.phase === 'cleanup' ? [i] : []));
    expect(cleanups).toHaveLength(2);
    expect(Math.min(...cleanups)).toBeGreaterThan(answeredAt);
    expect(types.indexOf('backend-done')).toBeGreaterThan(answeredAt);
    expect(events.at(-1)).toEqual({ type: 'run-done', runId: ctx.runId, status: 'completed', run });
  });

  it("says no run-answered when the run was not stored, or with no beforeDone (a sweep's runs)", async () => {
    for (const beforeDone of [async () => false, async () => undefined, undefined]) {
      const { ctx, events } = scriptedRun({ workloads: ['dd-write'] }, [NATIVE], () => ({ seconds: steady }));
      ctx.beforeDone = beforeDone;
      const run = await executeRun(...runParts(ctx));
      expect(run.status).toBe('completed');
      expect(events.map((e) => e.type)).not.toContain('run-answered');
      expect(events.at(-1)?.type).toBe('run-done');
    }
  });

  it('a cancelled run is answered after its clean-up, just before run-done', async () => {
    const { ctx, events, controller } = scriptedRun({ workloads: ['dd-write'] }, [NATIVE, VOLUME], () => ({
      seconds: steady,
    }));
    ctx.onEvent = (event) => {
      events.push(event);
      if (event.type === 'sample') controller.abort(new Error('cancelled by the test'));
    };
    ctx.beforeDone = async () => true;
    const run = await executeRun(...runParts(ctx));
    expect(run.status).toBe('cancelled');
    const types = events.map((e) => e.type);
    expect(types.slice(-2)).toEqual(['run-answered', 'run-done']);
    expect(events.at(-2)).toEqual({ type: 'run-answered', runId: ctx.runId, status: 'cancelled' });
    expect(types.lastIndexOf('backend-done')).toBeLessThan(types.indexOf('run-answered'));
  });

  it('a cancel during the clean-up still removes everything, and the answer it came after stands', async () => {
    const { ctx, engine, events, controller } = scriptedRun(
      { workloads: ['dd-write'] },
      [NATIVE, FUSE, VOLUME],
      () => ({ seconds: steady }),
      {
        // Ctrl-C as the first removal begins.
        disposing: (_id, step) => {
          if (step === 'begin') controller.abort(new Error('Ctrl-C during the clean-up'));
        },
      },
    );
    let answered: string | null = null;
    ctx.beforeDone = async (run) => {
      answered = run.status;
    };
    const run = await executeRun(...runParts(ctx));
    expect(controller.signal.aborted).toBe(true);
    expect(answered).toBe('completed');
    expect(run.status).toBe('completed');
    expect(run.errors).toEqual([]);
    expect(engine.executors.map((e) => e.disposals)).toEqual([1, 1, 1]);
    expect(existsSync(runWorkDir(cacheDir, ctx.runId))).toBe(false);
    expect(
      events.filter((e) => e.type === 'backend-done').map((e) => e.type === 'backend-done' && e.ok),
    ).toEqual([true, true, true]);
  });

  it('a failing beforeDone still leaves nothing behind', async () => {
    const { ctx, engine } = scriptedRun({ workloads: ['dd-write'] }, [NATIVE, VOLUME], () => ({
      seconds: steady,
    }));
    ctx.beforeDone = async () => {
      throw new Error('the disk is full');
    };
    await expect(executeRun(...runParts(ctx))).rejects.toThrow('the disk is full');
    expect(engine.executors.map((e) => e.disposals)).toEqual([1, 1]);
    expect(existsSync(runWorkDir(cacheDir, ctx.runId))).toBe(false);
  });

  it("stores the answered run again with the clean-up's errors, before run-done", async () => {
    const { ctx, events } = scriptedRun(
      { workloads: ['dd-write'] },
      [NATIVE, VOLUME],
      () => ({ seconds: steady }),
      {
        disposing: (id, step) => {
          if (id === VOLUME.id && step === 'end') throw new Error('the volume is in use');
        },
      },
    );
    const stored: { errors: string[]; runDoneBefore: boolean }[] = [];
    ctx.beforeDone = async (run) => {
      stored.push({ errors: run.errors.map((e) => e.message), runDoneBefore: false });
      return true;
    };
    ctx.afterCleanUp = async (run) => {
      stored.push({
        errors: run.errors.map((e) => e.message),
        runDoneBefore: events.some((e) => e.type === 'run-done'),
      });
    };
    const run = await executeRun(...runParts(ctx));
    expect(stored).toEqual([
      { errors: [], runDoneBefore: false },
      { errors: [expect.stringContaining('the volume is in use')], runDoneBefore: false },
    ]);
    expect(run.errors.map((e) => e.message)).toEqual(stored[1].errors);
  });

  it('stores nothing again when the clean-up had no errors, or when the answer was not stored', async () => {
    for (const { stores, failing } of [
      { stores: true, failing: false },
      { stores: false, failing: true },
    ]) {
      const { ctx } = scriptedRun(
        { workloads: ['dd-write'] },
        [NATIVE, VOLUME],
        () => ({ seconds: steady }),
        {
          disposing: (id, step) => {
            if (failing && id === VOLUME.id && step === 'end') throw new Error('the volume is in use');
          },
        },
      );
      ctx.beforeDone = async () => stores;
      let again = 0;
      ctx.afterCleanUp = async () => {
        again += 1;
      };
      const run = await executeRun(...runParts(ctx));
      expect(run.errors.length > 0).toBe(failing);
      expect(again).toBe(0);
    }
  });

  it('a backend that cannot start is recorded and left out; the others are measured', async () => {
    const { ctx, engine, events } = scriptedRun({ workloads: ['dd-write'] }, [NATIVE, FUSE], (backend) => ({
      seconds: steady,
      ...(backend.id === FUSE.id ? { start: 'fails' as const } : {}),
    }));
    const run = await executeRun(...runParts(ctx));
    expect(run.status).toBe('completed');
    expect(run.results.map((r) => r.backend.id)).toEqual([NATIVE.id]);
    expect(run.errors).toEqual([
      expect.objectContaining({ backendId: FUSE.id, message: expect.stringContaining('could not start') }),
    ]);
    expect(events.map(line)).toContain(`error ${FUSE.id} -`);
    expect(
      events.filter((e) => e.type === 'backend-done').map((e) => e.type === 'backend-done' && e.ok),
    ).toEqual([true, false]);
    expect(engine.executors.map((e) => [e.backendId, e.disposals])).toEqual([[NATIVE.id, 1]]);
  });

  it('a lane that fails on one workload leaves that workload only; progress still reaches the plan', async () => {
    const { ctx, events } = scriptedRun(
      { workloads: ['dd-write', 'small-file-read'] },
      [NATIVE, FUSE],
      (backend) => ({
        seconds: (body, index) => {
          if (backend.id === FUSE.id && body.includes('dd ') && index === 2) throw new Error('exec broke');
          return steady(body, index);
        },
      }),
    );
    const run = await executeRun(...runParts(ctx));
    expect(run.status).toBe('completed');
    expect(run.results.map((r) => `${r.backend.id} ${r.workload.id}`)).toEqual([
      `${NATIVE.id} dd-write`,
      `${NATIVE.id} small-file-read`,
      `${FUSE.id} small-file-read`,
    ]);
    expect(run.errors).toEqual([
      expect.objectContaining({ backendId: FUSE.id, workloadId: 'dd-write', message: 'exec broke' }),
    ]);
    // The error arrives before dd-write's result, and the failed backend is not reported ok.
    const lines = events.map(line);
    expect(lines.indexOf(`error ${FUSE.id} dd-write`)).toBeLessThan(
      lines.indexOf(`${NATIVE.id} dd-write done`),
    );
    expect(events.find((e) => e.type === 'backend-done' && e.backendId === FUSE.id)).toMatchObject({
      ok: false,
    });
    const planned = events[0].type === 'planned' ? events[0].totalExecutions : NaN;
    const lastSample = events.filter((e) => e.type === 'sample').at(-1);
    expect(lastSample?.type === 'sample' && lastSample.completedExecutions).toBe(planned);
  });

  it("the custom workload's own image gets its own executor per container backend, disposed right after it", async () => {
    let atCleanup: number[] = [];
    const { ctx, engine } = scriptedRun(
      {
        workloads: ['custom', 'dd-write'],
        custom: { command: 'true', image: 'example.org/own:1' },
        runs: 2,
        warmup: 0,
      },
      [NATIVE, VOLUME],
      () => ({ seconds: steady }),
      {
        onEvent: (event) => {
          // When the run's own cleanup begins, the custom ones are already gone.
          if (event.type === 'phase' && event.phase === 'cleanup' && !atCleanup.length)
            atCleanup = engine.executors.map((e) => e.disposals);
        },
      },
    );
    const run = await executeRun(...runParts(ctx));
    expect(run.errors).toEqual([]);
    expect(engine.startsAsked).toEqual([NATIVE.id, VOLUME.id, NATIVE.id, VOLUME.id]);
    // The two main executors, then the two custom-image ones.
    expect(atCleanup).toEqual([0, 0, 1, 1]);
    expect(engine.executors.map((e) => e.disposals)).toEqual([1, 1, 1, 1]);
    // custom ran on its own executors, dd-write on the main ones.
    const [nativeMain, nativeOwn] = engine.of(NATIVE.id);
    expect(nativeOwn.prepared).toEqual(['custom']);
    expect(nativeMain.prepared).toEqual(['dd-write']);
    expect(run.results.map((r) => `${r.backend.id} ${r.workload.id}`)).toEqual([
      `${NATIVE.id} custom`,
      `${VOLUME.id} custom`,
      `${NATIVE.id} dd-write`,
      `${VOLUME.id} dd-write`,
    ]);
  });

  it("a cancel while a workload's own containers start disposes the ones that started, once each", async () => {
    const OWN = 'example.org/own:1';
    let fuseStarts = 0;
    let cancel = () => {};
    const { ctx, engine, events, controller } = scriptedRun(
      { workloads: ['custom', 'dd-write'], custom: { command: 'true', image: OWN }, runs: 2, warmup: 0 },
      [NATIVE, FUSE, VOLUME],
      (backend) => ({
        seconds: steady,
        startTurns: 3,
        ...(backend.id === FUSE.id ? { imagesThatWaitForCancel: [OWN] } : {}),
      }),
      {
        // Cancel as FUSE's own container (its second start) begins, beside the others' own ones.
        starting: (id, step) => {
          if (id === FUSE.id && step === 'begin' && ++fuseStarts === 2) setImmediate(() => cancel());
        },
      },
    );
    cancel = () => controller.abort(new Error('cancelled by the test'));
    const run = await executeRun(...runParts(ctx));
    expect(run.status).toBe('cancelled');
    // The three bench containers, then NATIVE's and VOLUME's own: each disposed exactly once.
    expect(engine.startsAsked).toEqual([NATIVE.id, FUSE.id, VOLUME.id, NATIVE.id, FUSE.id, VOLUME.id]);
    expect(engine.executors.map((e) => [e.backendId, e.image, e.disposals])).toEqual([
      [NATIVE.id, ctx.image, 1],
      [FUSE.id, ctx.image, 1],
      [VOLUME.id, ctx.image, 1],
      [NATIVE.id, OWN, 1],
      [VOLUME.id, OWN, 1],
    ]);
    expect(events.some((e) => e.type === 'sample')).toBe(false);
    expect(run.errors.map((e) => e.code)).toEqual(['CANCELLED']);
  });

  it('a racing budget is spread over the workloads left, and what one leaves unused goes to the next', async () => {
    // Only Date is faked: every scripted sample moves it on by its own time, nothing else does.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T12:00:00Z'));
    const { ctx } = scriptedRun(
      // A cap of 200: a race of these noisy twins could still tie by then, so it is not futile, and
      // only the budget stops it.
      {
        workloads: ['dd-write', 'small-file-read'],
        race: true,
        runs: 3,
        maxRuns: 200,
        warmup: 0,
        budgetSeconds: 60,
      },
      [NATIVE, FUSE],
      (backend) => ({
        seconds: (body, index) => {
          const wobble = [0, 1, -1, 0.5, -0.5][(index + (backend.id === FUSE.id ? 2 : 0)) % 5];
          // dd-write: FUSE is clearly slower (decided at the minimum, 3 rounds of 1 s + 2 s);
          // small-file-read: twins too noisy to call, so they race until the budget stops them.
          return body.includes('dd ')
            ? (backend.id === FUSE.id ? 2 : 1) * (1 + 0.01 * wobble)
            : 1 + 0.3 * wobble;
        },
      }),
      { elapse: (seconds) => vi.setSystemTime(Date.now() + seconds * 1000) },
    );
    const run = await executeRun(...runParts(ctx));
    expect(run.status).toBe('completed');
    const races = run.race?.workloads ?? [];
    expect(races.map((r) => [r.workloadKey, r.outcome, r.rounds])).toEqual([
      // 9 s used of its 30 s share ...
      ['dd-write', 'decided', 3],
      // ... so small-file-read gets the other 51 s, not 30: rounds of 2 s until 9 + 2k ≥ 60.
      ['small-file-read', 'budget', 26],
    ]);
    expect(run.race?.budgetSeconds).toBe(60);
  });
});
