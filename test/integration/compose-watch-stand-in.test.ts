// The compose-watch mount against the real Docker Engine, driven through the docker-compose
// STAND-IN of test/stand-ins (no Compose with `watch` can be installed here: Debian's
// docker-compose is 1.29): the stand-in watches the host folder and copies each batch of changes
// into the bench container by tar through the engine, as Compose's watcher does. Checks: the
// initial copy timed apart from the samples, one-way (no write-back flush, said in the result),
// sync-latency through the copy, nothing left after a run or a cancel, a crashed run's watch
// stopped at the next start, and a clear refusal when the Compose found has no `watch`.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFileSchema, type RunFile, type WorkloadResult } from '../../src/shared/result-schema';
import type { RunEvent } from '../../src/shared/run-events';
import type { RunRequest } from '../../src/shared/run-plan';
import { runWorkDir } from '../../src/core/runner/run';
import { mountAvailability } from '../../src/core/sync/availability';
import { syncNote } from '../../src/shared/sync-note';
import { removeLeftovers } from '../../src/core/runner/leftovers';
import { findComposeWithWatch, startComposeWatch } from '../../src/core/sync/compose-watch';
import { hostname } from 'node:os';
import { createStandinSandbox, type StandinSandbox } from '../stand-ins/sandbox';
import { runOnEngine } from './engine-run';
import { image, labelledLeftovers, tempDir } from './support';

let sandbox: StandinSandbox;
const cache = tempDir('compose-watch');
beforeAll(() => {
  sandbox = createStandinSandbox({ composeWatch: true });
});
afterAll(async () => {
  await sandbox.remove();
  cache.remove();
});

async function run(
  request: Omit<RunRequest, 'mounts'>,
  runId: string,
  onEvent?: (event: RunEvent, abort: () => void) => void,
): Promise<RunFile> {
  const full: RunRequest = { ...request, mounts: ['compose-watch'] };
  const controller = new AbortController();
  return runOnEngine(full, {
    runId,
    cacheDir: cache.path,
    env: sandbox.env,
    signal: controller.signal,
    onEvent: (event) => onEvent?.(event, () => controller.abort()),
  });
}

async function nothingLeft(runId: string): Promise<void> {
  expect(await labelledLeftovers({ runId })).toEqual({ containers: [], volumes: [] });
  expect(existsSync(runWorkDir(cache.path, runId))).toBe(false);
  // The watch runs with `-p mountbench-<runId>-<n>`: no process with that project may remain.
  const processes = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  expect(processes.split('\n').filter((line) => line.includes(`-p mountbench-${runId}-`))).toEqual([]);
}

describe('compose-watch through the docker-compose stand-in', () => {
  const runId = 'it-compose-watch';
  let outcome: RunFile;
  const find = (workloadId: string): WorkloadResult => {
    const found = outcome.results.find((r) => r.workload.id === workloadId);
    if (!found) throw new Error(`no ${workloadId} result: ${JSON.stringify(outcome.errors)}`);
    return found;
  };

  beforeAll(async () => {
    outcome = await run(
      { workloads: ['small-file-read', 'dd-write', 'sync-latency'], size: 'quick', runs: 2, warmup: 0 },
      runId,
    );
  }, 300_000);

  it('is available through the stand-in, found by its version', async () => {
    const info = (await mountAvailability(sandbox.env)).find((m) => m.mount === 'compose-watch');
    expect(info).toEqual({ mount: 'compose-watch', available: true, reason: null });
  });

  it('measures every workload on the copy, in a valid result file', () => {
    expect(outcome.errors).toEqual([]);
    expect(outcome.status).toBe('completed');
    expect(runFileSchema.safeParse(outcome).success).toBe(true);
    expect(outcome.results.map((r) => `${r.backend.id} ${r.workload.id}`).sort()).toEqual([
      'docker-engine/native/compose-watch dd-write',
      'docker-engine/native/compose-watch small-file-read',
      'docker-engine/native/compose-watch sync-latency',
    ]);
  });

  it("copies into the container's own filesystem and times the initial copy apart", () => {
    for (const result of outcome.results) {
      expect(result.fsType).toBe('overlay');
      expect(result.sync?.tool).toBe('compose-watch');
      expect(result.sync?.oneWay).toBe(true);
      // At least Compose's 500 ms quiet period passes before a batch is copied.
      expect(result.sync?.initialSeconds).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('charges every timed sample with what the watch process on the host spent (the script workloads)', () => {
    for (const id of ['small-file-read', 'dd-write']) {
      const result = find(id);
      expect(result.serving?.processes[0], id).toBe('docker compose watch');
      expect(result.serving!.cpuSeconds, id).toHaveLength(result.stats.samples.length);
    }
  });

  it('says there is no write-back instead of timing one', () => {
    const dd = find('dd-write');
    expect(dd.stats.runs).toBe(2);
    expect(dd.sync?.flushSeconds).toEqual([]);
    expect(dd.sync?.writeBack).toBeUndefined();
    expect(syncNote(dd)).toContain('one-way copy: no write-back to the host');
  });

  it('times host edits reaching the container through the copy', () => {
    const latency = find('sync-latency');
    expect(latency.stats.samples).toHaveLength(10);
    // Every edit waits out the quiet period before it is copied.
    expect(Math.min(...latency.stats.samples)).toBeGreaterThanOrEqual(0.5);
  });

  it('leaves no container, watch process or folder of the run', async () => {
    await nothingLeft(runId);
  });

  it('cleans up after a cancel in the middle of the workloads', async () => {
    const cancelId = 'it-compose-watch-cancel';
    const cancelled = await run(
      { workloads: ['small-file-read', 'dd-write'], size: 'quick', runs: 5, warmup: 0 },
      cancelId,
      (event, abort) => {
        if (event.type === 'sample') abort();
      },
    );
    expect(cancelled.status).toBe('cancelled');
    await nothingLeft(cancelId);
  }, 300_000);
});

describe('leftovers of a crashed compose-watch run', () => {
  it("stops the watch a dead run left running, named by its folder's pid file", async () => {
    const runDir = join(cache.path, 'runs', 'it-dead-compose-watch');
    const backendDir = join(runDir, 'backend-0');
    mkdirSync(join(backendDir, 'data'), { recursive: true });
    // This host, a pid that does not exist: the owner is dead.
    writeFileSync(join(runDir, 'owner'), `${hostname()}:999999999`);
    const project = 'mountbench-it-dead-compose-watch-0';
    // Started as a run starts it, then never terminated: what a crash leaves.
    const found = await findComposeWithWatch(sandbox.env);
    await startComposeWatch({
      executable: found.executable!,
      env: sandbox.env,
      project,
      image,
      hostRoot: join(backendDir, 'data'),
      containerRoot: '/bench',
      workDir: backendDir,
      inContainer: () => async () => ({ stdout: '', exitCode: 0 }),
      signal: new AbortController().signal,
    });
    const watching = () =>
      execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes(`-p ${project} `));
    expect(watching()).toHaveLength(1);

    const report = await removeLeftovers(null, cache.path, sandbox.env);
    expect(report.problems).toEqual([]);
    expect(report.syncs).toEqual([`compose watch of ${project}`]);
    expect(report.folders).toContain(runDir);
    await expect.poll(watching, { timeout: 10_000 }).toEqual([]);
  }, 60_000);
});

describe('a Compose without watch', () => {
  it("is listed as unavailable, naming the version found (Debian's docker-compose 1.29)", async () => {
    // A stand-in of Debian's docker-compose 1.29: it only answers `version --short` as 1.29 does.
    const bin = join(cache.path, 'old-compose');
    mkdirSync(bin, { recursive: true });
    const old = join(bin, 'docker-compose');
    writeFileSync(old, '#!/bin/sh\n[ "$1 $2" = "version --short" ] && echo 1.29.2 && exit 0\nexit 1\n');
    chmodSync(old, 0o755);
    const env = { ...sandbox.env, PATH: `${bin}${delimiter}${sandbox.env.PATH}` };
    const info = (await mountAvailability(env)).find((m) => m.mount === 'compose-watch');
    expect(info?.available).toBe(false);
    expect(info?.reason).toBe(
      'Compose Watch needs Docker Compose 2.25.0 or later; found docker-compose 1.29.2',
    );
  });
});
