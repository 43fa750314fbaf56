// The tools-image seam of executeRun, on scripted executors: a workload needing git gets its own
// container per backend, made from the tools image (the context's, else MOUNTBENCH_TOOLS_IMAGE,
// else the pinned default), removed after it; its results name that image; a tools container that
// cannot start is not stood in for by the bench container; on the host the workload runs only
// where the host has the program, and is skipped with the reason otherwise. Nothing talks to an
// engine (docker is null); the host's PATH is a real temp folder.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { estimateRun } from '../../shared/estimate';
import type { Backend } from '../../shared/result-schema';
import type { RunEvent } from '../../shared/run-events';
import type { RunRequest } from '../../shared/run-plan';
import { scriptedWorkload } from '../workloads/workload';
import { estimatedWorkload } from '../workloads/workload-info';
import { executeRun, runParts, type RunContext } from './run';
import { ScriptedEngine, type ScriptedBackend } from './test-support/scripted-executor';
import { checkedToolsImage, DEFAULT_TOOLS_IMAGE, toolsImageFor } from './tools-image';

const NATIVE: Backend = {
  id: 'docker-engine/native/bind',
  provider: 'docker-engine',
  variant: 'native',
  mount: 'bind',
  label: 'Docker Engine, native, bind mount',
};
const VOLUME: Backend = {
  ...NATIVE,
  id: 'docker-engine/native/volume',
  mount: 'volume',
  label: 'named volume',
};
const HOST: Backend = { id: 'host', provider: null, variant: null, mount: 'host', label: 'host' };

const BENCH = 'mountbench/bench:offline';
const TOOLS = 'mountbench/tools:offline';

/** A tiny workload needing git, standing in for `dd-write` (an id the request schema accepts). */
const GIT_VERSION = scriptedWorkload({
  id: 'dd-write',
  title: 'git version',
  description: 'git --version: proves the workload runs where git is.',
  sizes: { quick: {}, default: {} },
  sizeWords: () => 'one git --version',
  cost: () => ({ cases: 1, perExecution: 0.01, fixture: 0 }),
  fixture: () => null,
  script: () => 'git --version',
  derive: () => ({}),
  needsTools: ['git'],
});

let cacheDir: string;
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'mb-tools-run-'));
});
afterEach(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

function toolsRun(
  request: Partial<RunRequest> & Pick<RunRequest, 'workloads'>,
  backends: Backend[],
  extra: Partial<RunContext> = {},
  behaviour: ScriptedBackend = { seconds: () => 0.05 },
): { ctx: RunContext; engine: ScriptedEngine } {
  const engine = new ScriptedEngine(() => behaviour);
  const ctx: RunContext = {
    runId: '20261203-070000-abcdef',
    request: { mounts: ['bind'], size: 'quick', runs: 2, warmup: 0, ...request },
    backends,
    docker: null,
    engine: null,
    image: BENCH,
    toolsImage: TOOLS,
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
    env: { PATH: '' },
    signal: new AbortController().signal,
    executors: engine.factory,
    workloadsForTests: { 'dd-write': GIT_VERSION },
    onEvent: () => {},
    ...extra,
  };
  return { ctx, engine };
}

/** A PATH folder holding an executable `name` (its content never runs: the executors are scripted). */
async function pathWith(name: string): Promise<string> {
  const dir = join(cacheDir, 'bin');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), '#!/bin/sh\n');
  await chmod(join(dir, name), 0o755);
  return dir;
}

describe('a workload needing tools, on scripted executors', () => {
  it('runs in its own tools-image container on each backend, removed after it; the results name the image', async () => {
    const { ctx, engine } = toolsRun({ workloads: ['dd-write', 'large-write'] }, [NATIVE, VOLUME]);
    const run = await executeRun(...runParts(ctx));

    expect(run.errors).toEqual([]);
    for (const backend of [NATIVE, VOLUME]) {
      const [bench, tools, ...more] = engine.of(backend.id);
      expect(more).toEqual([]);
      expect(bench.image).toBe(BENCH);
      expect(tools.image).toBe(TOOLS);
      // git's samples went to the tools container, the BusyBox workload's to the bench one.
      expect(tools.sampled.length).toBeGreaterThan(0);
      expect(tools.sampled.every((body) => body.includes('git --version'))).toBe(true);
      expect(bench.sampled.some((body) => body.includes('git --version'))).toBe(false);
      expect(bench.sampled.length).toBeGreaterThan(0);
      expect(tools.disposals).toBe(1);
      expect(bench.disposals).toBe(1);
    }
    const imageOf = (workload: string, backendId: string) =>
      run.results.find((r) => r.workload.id === workload && r.backend.id === backendId)?.image;
    expect(imageOf('dd-write', NATIVE.id)).toBe(TOOLS);
    expect(imageOf('dd-write', VOLUME.id)).toBe(TOOLS);
    expect(imageOf('large-write', NATIVE.id)).toBe(BENCH);
  });

  it('takes MOUNTBENCH_TOOLS_IMAGE, then the pinned default, when the context names no tools image', async () => {
    const fromEnv = toolsRun({ workloads: ['dd-write'] }, [VOLUME], {
      toolsImage: undefined,
      env: { PATH: '', MOUNTBENCH_TOOLS_IMAGE: 'example.org/my-tools:1' },
    });
    await executeRun(...runParts(fromEnv.ctx));
    expect(fromEnv.engine.of(VOLUME.id).map((e) => e.image)).toEqual([BENCH, 'example.org/my-tools:1']);

    const pinned = toolsRun({ workloads: ['dd-write'] }, [VOLUME], { toolsImage: undefined });
    await executeRun(...runParts(pinned.ctx));
    expect(pinned.engine.of(VOLUME.id).map((e) => e.image)).toEqual([BENCH, DEFAULT_TOOLS_IMAGE]);
  });

  it('is not measured in the bench container when its tools container cannot start', async () => {
    const { ctx, engine } = toolsRun(
      { workloads: ['dd-write'] },
      [NATIVE],
      {},
      {
        seconds: () => 0.05,
        imagesThatFail: [TOOLS],
      },
    );
    const run = await executeRun(...runParts(ctx));

    expect(run.results).toEqual([]);
    expect(run.errors).toMatchObject([{ backendId: NATIVE.id, workloadId: 'dd-write' }]);
    const [bench] = engine.of(NATIVE.id);
    expect(bench.sampled).toEqual([]);
  });

  it("on the host, is skipped with the reason when git is not on the host's PATH", async () => {
    const { ctx, engine } = toolsRun({ workloads: ['dd-write'], mounts: ['host'] }, [HOST], {
      env: { PATH: join(cacheDir, 'empty') },
    });
    const run = await executeRun(...runParts(ctx));

    expect(run.results).toEqual([]);
    expect(run.skipped).toEqual([
      { backendId: 'host', workloadId: 'dd-write', reason: expect.stringMatching(/needs git on the host/) },
    ]);
    expect(engine.of('host').flatMap((e) => e.sampled)).toEqual([]);
  });

  it("on the host, runs with the host's own git when the PATH has it, in no image", async () => {
    const { ctx, engine } = toolsRun({ workloads: ['dd-write'], mounts: ['host'] }, [HOST], {
      env: { PATH: await pathWith('git') },
    });
    const run = await executeRun(...runParts(ctx));

    expect(run.skipped).toBeUndefined();
    expect(run.results.map((r) => [r.backend.id, r.image])).toEqual([['host', undefined]]);
    expect(engine.of('host')).toHaveLength(1);
    expect(engine.of('host')[0].sampled.some((body) => body.includes('git --version'))).toBe(true);
  });
});

describe('the estimate and the runner, on a host whose PATH lacks the tool', () => {
  it('leave out the same pair, for the same reason: the estimate counts only what the run measures', async () => {
    const env = { PATH: await pathWith('node') };
    const events: RunEvent[] = [];
    const { ctx } = toolsRun({ workloads: ['dd-write'], mounts: ['host', 'volume'] }, [HOST, VOLUME], {
      env,
      onEvent: (event) => events.push(event),
    });
    const estimated = estimatedWorkload(GIT_VERSION, env);
    const counts = { size: 'quick' as const, runs: 2, warmup: 0 };
    const estimate = estimateRun([estimated], ['host', 'volume'], counts);

    const run = await executeRun(...runParts(ctx));
    const [skipped] = run.skipped ?? [];
    expect(skipped).toMatchObject({ backendId: 'host', workloadId: 'dd-write' });
    expect(estimated.unsupported.host).toBe(skipped.reason);
    // What the runner plans to execute is what the estimate counts: the volume's samples alone.
    const planned = events.find((e) => e.type === 'planned');
    expect(planned?.type === 'planned' && planned.workloadPlan).toEqual([
      { workloadId: 'dd-write', least: estimate.executions, most: estimate.executions },
    ]);
    expect(estimate).toEqual(estimateRun([estimated], ['volume'], counts));
  });

  it('both count the host once its PATH has the tool', async () => {
    const env = { PATH: await pathWith('git') };
    const estimated = estimatedWorkload(GIT_VERSION, env);
    expect(estimated.unsupported.host).toBeUndefined();
    const counts = { size: 'quick' as const, runs: 2, warmup: 0 };
    expect(estimateRun([estimated], ['host', 'volume'], counts).executions).toBe(
      2 * estimateRun([estimated], ['volume'], counts).executions,
    );
    const { ctx } = toolsRun({ workloads: ['dd-write'], mounts: ['host', 'volume'] }, [HOST, VOLUME], {
      env,
    });
    expect((await executeRun(...runParts(ctx))).skipped).toBeUndefined();
  });
});

describe('the tools image reference', () => {
  it('is the request’s, else MOUNTBENCH_TOOLS_IMAGE, else the pinned default', () => {
    expect(toolsImageFor('a/b:1', { MOUNTBENCH_TOOLS_IMAGE: 'c/d:2' })).toBe('a/b:1');
    expect(toolsImageFor(undefined, { MOUNTBENCH_TOOLS_IMAGE: 'c/d:2' })).toBe('c/d:2');
    expect(toolsImageFor(undefined, {})).toBe(DEFAULT_TOOLS_IMAGE);
    expect(() => toolsImageFor(undefined, { MOUNTBENCH_TOOLS_IMAGE: '../x' })).toThrow(
      /MOUNTBENCH_TOOLS_IMAGE is not an image reference/,
    );
  });

  it('takes a loopback registry only when typed on the command line or set in the environment', () => {
    expect(() => checkedToolsImage('127.0.0.1:5000/t', {}, [])).toThrow(/tools image .* loopback address/);
    expect(checkedToolsImage('127.0.0.1:5000/t', {}, ['127.0.0.1:5000/t'])).toBe('127.0.0.1:5000/t');
    expect(checkedToolsImage(undefined, { MOUNTBENCH_TOOLS_IMAGE: '127.0.0.1:5000/t' })).toBe(
      '127.0.0.1:5000/t',
    );
    // A request (Keep measuring's) naming the environment's own loopback image is the user's choice.
    expect(checkedToolsImage('127.0.0.1:5000/t', { MOUNTBENCH_TOOLS_IMAGE: '127.0.0.1:5000/t' }, [])).toBe(
      '127.0.0.1:5000/t',
    );
    expect(() =>
      checkedToolsImage('127.0.0.1:5000/other', { MOUNTBENCH_TOOLS_IMAGE: '127.0.0.1:5000/t' }, []),
    ).toThrow(/loopback address/);
    expect(() => checkedToolsImage('a/../b', {}, [])).toThrow(/tools image is not an image reference/);
  });
});
