// A read-only fixture is laid once per run and shared by the bind-type backends (issue 22, item
// 4), through the runner's seam: scripted executors, and the run's shared-fixture lay recorded
// instead of writing files. Each sharing backend still checks the fixture and reads its own fs
// type; a writing workload and a non-bind backend lay their own; the lay overlaps the container
// starts; a failed lay fails that workload on every backend that needed it, once.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../shared/result-schema';
import type { RunEvent } from '../../shared/run-events';
import type { RunRequest } from '../../shared/run-plan';
import { executeRun, runParts, runWorkDir, type RunContext } from './run';
import {
  sharedFixturesRoot,
  sharedFixtureWorkloads,
  takesSharedFixtures,
  type LayHostFixture,
} from './shared-fixtures';
import { ScriptedEngine, type ScriptedBackend } from './test-support/scripted-executor';

const NATIVE: Backend = {
  id: 'docker-engine/native/bind',
  provider: 'docker-engine',
  variant: 'native',
  mount: 'bind',
  label: 'bind mount · native',
};
const FUSE: Backend = {
  ...NATIVE,
  id: 'docker-engine/fuse/bind',
  variant: 'fuse',
  label: 'bind mount · FUSE',
};
const VOLUME: Backend = {
  ...NATIVE,
  id: 'docker-engine/native/volume',
  mount: 'volume',
  label: 'named volume',
};
const SPLIT: Backend = {
  ...NATIVE,
  id: 'docker-engine/native/bind+deps',
  dependencyVolume: 'node_modules',
  label: 'bind mount, node_modules in a volume',
};

const FS_TYPES: Record<string, string> = {
  [NATIVE.id]: 'ext4',
  [FUSE.id]: 'fuse.bindfs',
  [VOLUME.id]: 'ext4',
};

let cacheDir: string;
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'mb-shared-fixtures-'));
});
afterEach(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

/** The order things happened in, across the lay and the engine. */
type Timeline = string[];

function scriptedRun(
  request: Pick<RunRequest, 'workloads'>,
  backends: Backend[],
  lay: LayHostFixture,
  timeline: Timeline,
): { ctx: RunContext; engine: ScriptedEngine; events: RunEvent[] } {
  const engine = new ScriptedEngine((backend): ScriptedBackend => ({
    seconds: (_body, index) => 0.1 + 0.001 * (index % 3),
    fsType: FS_TYPES[backend.id],
  }));
  const events: RunEvent[] = [];
  const ctx: RunContext = {
    runId: '20261202-210000-fedcba',
    request: { mounts: ['bind', 'volume'], size: 'quick', runs: 3, warmup: 1, ...request },
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
    signal: new AbortController().signal,
    executors: async (...args) => {
      timeline.push(`start ${args[1].id}`);
      return engine.factory(...args);
    },
    layHostFixture: lay,
    onEvent: (event) => events.push(event),
  };
  return { ctx, engine, events };
}

/** Yields to the event loop a few times, as a real lay of many files does between its batches. */
async function someTicks(n = 3): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A lay that records where it laid, takes a few event-loop turns, and writes nothing. */
function recordingLay(timeline: Timeline, laid: string[]): LayHostFixture {
  return async (root) => {
    laid.push(root);
    timeline.push(`lay ${root.split('/').at(-1)}`);
    await someTicks();
    timeline.push(`laid ${root.split('/').at(-1)}`);
  };
}

describe('shared host fixtures', () => {
  it('shares only the fixtures no workload writes to', () => {
    expect(
      sharedFixtureWorkloads({
        workloads: [
          'small-file-read',
          'dd-write',
          'metadata-walk',
          'large-write',
          'site-build',
          'buffered-read',
          'git-status',
          'code-search',
        ],
        size: 'quick',
      }),
    ).toEqual(['small-file-read', 'metadata-walk', 'code-search']);
    expect(sharedFixtureWorkloads({ workloads: ['custom', 'sync-latency'], size: 'quick' })).toEqual([]);
    // Only bind mounts take them; a project split into a volume is laid by its backend.
    expect([NATIVE, FUSE, VOLUME, SPLIT].map(takesSharedFixtures)).toEqual([true, true, false, false]);
  });

  it('lays a read-only fixture once for every bind backend; each still checks it and reads its own fs type', async () => {
    const timeline: Timeline = [];
    const laid: string[] = [];
    const { ctx, engine } = scriptedRun(
      { workloads: ['small-file-read', 'dd-write', 'metadata-walk'] },
      [NATIVE, FUSE, VOLUME],
      recordingLay(timeline, laid),
      timeline,
    );
    const run = await executeRun(...runParts(ctx));
    expect(run.errors).toEqual([]);
    const root = sharedFixturesRoot(runWorkDir(cacheDir, ctx.runId));
    // Once per read-only workload, into the run's shared folder, whatever the number of backends.
    expect(laid).toEqual([join(root, 'small-file-read'), join(root, 'metadata-walk')]);
    // The bind backends lay only the writing workload themselves; the volume lays all its own.
    const [native, fuse, volume] = [NATIVE, FUSE, VOLUME].map((b) => engine.of(b.id)[0]);
    expect(native.prepared).toEqual(['dd-write']);
    expect(fuse.prepared).toEqual(['dd-write']);
    expect(volume.prepared).toEqual(['small-file-read', 'dd-write', 'metadata-walk']);
    for (const executor of [native, fuse, volume]) {
      // The fixture check of each read-only workload ran in every backend, shared or not.
      expect(executor.others.filter((s) => s.includes('/scripted/small-file-read'))).toHaveLength(1);
      expect(executor.others.filter((s) => s.includes('/scripted/metadata-walk'))).toHaveLength(1);
      expect(executor.fsTypesAsked).toEqual([
        '/scripted/small-file-read',
        '/scripted/dd-write',
        '/scripted/metadata-walk',
      ]);
    }
    const fsOf = (backend: Backend, workload: string) =>
      run.results.find((r) => r.backend.id === backend.id && r.workload.id === workload)?.fsType;
    expect(fsOf(NATIVE, 'small-file-read')).toBe('ext4');
    expect(fsOf(FUSE, 'small-file-read')).toBe('fuse.bindfs');
    expect(fsOf(FUSE, 'metadata-walk')).toBe('fuse.bindfs');
    expect(existsSync(runWorkDir(cacheDir, ctx.runId))).toBe(false);
  });

  it('lays the shared fixtures while the containers start, first workload first', async () => {
    const timeline: Timeline = [];
    const { ctx } = scriptedRun(
      { workloads: ['metadata-walk', 'small-file-read'] },
      [NATIVE, FUSE, VOLUME],
      recordingLay(timeline, []),
      timeline,
    );
    await executeRun(...runParts(ctx));
    const at = (entry: string) => {
      const i = timeline.indexOf(entry);
      expect(i, entry).toBeGreaterThanOrEqual(0);
      return i;
    };
    // The lay began before the first container start, and the starts went on while it ran.
    expect(at('lay metadata-walk')).toBeLessThan(at(`start ${NATIVE.id}`));
    expect(at(`start ${VOLUME.id}`)).toBeLessThan(at('laid metadata-walk'));
    expect(at('laid metadata-walk')).toBeLessThan(at('lay small-file-read'));
  });

  it('a failed lay fails that workload on each backend that needed it, once; the rest go on', async () => {
    const timeline: Timeline = [];
    let lays = 0;
    const { ctx, engine } = scriptedRun(
      { workloads: ['small-file-read', 'dd-write'] },
      [NATIVE, FUSE, VOLUME],
      async () => {
        lays += 1;
        await someTicks(1);
        throw new Error('disk full');
      },
      timeline,
    );
    const run = await executeRun(...runParts(ctx));
    expect(lays).toBe(1);
    expect(run.errors.map((e) => [e.backendId, e.workloadId])).toEqual([
      [NATIVE.id, 'small-file-read'],
      [FUSE.id, 'small-file-read'],
    ]);
    expect(run.errors[0].message).toContain('disk full');
    expect(run.results.map((r) => `${r.backend.id} ${r.workload.id}`)).toEqual([
      `${VOLUME.id} small-file-read`,
      `${NATIVE.id} dd-write`,
      `${FUSE.id} dd-write`,
      `${VOLUME.id} dd-write`,
    ]);
    expect(engine.of(VOLUME.id)[0].prepared).toEqual(['small-file-read', 'dd-write']);
  });
});
