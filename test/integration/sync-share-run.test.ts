// A run measuring the `sync-share` mount through executeRun on the REAL engine, behind the
// STAND-INS of Docker Desktop's file-shares API and engine identity (test/stand-ins/lib/desktop-*.cjs):
// the share is created for each workload's host folder, timed until `watching`, the workload is
// measured on a bind mount of that folder, and the share and the run's journal are gone after the
// run, after a cancel, and (through `mountbench restore`) after a crash at each journal step. The
// stand-in does not make the engine serve the bind mount from the share's copy, as Docker Desktop
// does: here the container reads the host folder itself, so the fs type is the host's.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findUnfinishedJournals, scanJournals } from '../../src/core/journal';
import { FILE_SHARE_OWNER } from '../../src/core/providers/docker-desktop/file-share-session';
import { removeLeftovers } from '../../src/core/runner/leftovers';
import { runWorkDir } from '../../src/core/runner/run';
import type { RunFile } from '../../src/shared/result-schema';
import { runFileSchema } from '../../src/shared/result-schema';
import type { RunEvent } from '../../src/shared/run-events';
import type { RunRequest } from '../../src/shared/run-plan';
import { planBackends } from '../../src/shared/backend-plan';
import { mountbenchChild } from '../support/mountbench-cli';
import { startDesktopStandIns, type DesktopStandIns } from './stand-ins/desktop-file-shares';
import { runOnEngine } from './engine-run';
import { docker, hostFsType, labelledLeftovers, tempDir } from './support';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups.length = 0;
});

async function desktop(): Promise<DesktopStandIns & { cache: string; data: string }> {
  const standIns = await startDesktopStandIns('sync-share-run', true, cleanups);
  const cache = tempDir('sync-share-run-cache');
  cleanups.push(() => cache.remove());
  return { ...standIns, cache: cache.path, data: join(standIns.dir, 'data') };
}

async function run(
  d: { engineSocket: string; cache: string; data: string },
  runId: string,
  workloads: RunRequest['workloads'],
  onEvent?: (event: RunEvent, abort: () => void) => void,
): Promise<RunFile> {
  const request: RunRequest = { mounts: ['sync-share'], workloads, size: 'quick', runs: 2, warmup: 0 };
  const controller = new AbortController();
  return runOnEngine(request, {
    runId,
    backends: planBackends(request, 'docker-engine', [
      { id: 'native', label: 'native', available: true, affects: ['bind'] },
    ]),
    allowHostCommands: false,
    cacheDir: d.cache,
    dataDir: d.data,
    env: { ...process.env, DOCKER_HOST: `unix://${d.engineSocket}` },
    signal: controller.signal,
    onEvent: (event) => onEvent?.(event, () => controller.abort()),
  });
}

async function nothingLeft(d: { api: DesktopStandIns['api']; cache: string; data: string }, runId: string) {
  expect(d.api.shares()).toEqual([]);
  expect(await findUnfinishedJournals(d.data)).toEqual([]);
  expect(await labelledLeftovers({ runId })).toEqual({ containers: [], volumes: [] });
  expect(existsSync(runWorkDir(d.cache, runId))).toBe(false);
}

describe('a run on sync-share through the Docker Desktop API stand-in, on the real engine', () => {
  it('creates a share per workload, times it until watching, measures a bind mount of its folder, removes it', async () => {
    const d = await desktop();
    const seen: string[] = [];
    const runId = 'it-sync-share-run';
    const outcome = await run(d, runId, ['small-file-read', 'dd-write'], (event) => {
      // While a workload is measured, its share is there and watching.
      if (event.type === 'sample' && seen.length === 0)
        seen.push(...d.api.shares().map((s) => `${s.status} ${s.labels['mountbench.run']}`));
    });
    expect(outcome.errors).toEqual([]);
    expect(outcome.status).toBe('completed');
    expect(runFileSchema.safeParse(outcome).success).toBe(true);
    expect(seen).toEqual([`watching mountbench-${runId}-0`]);
    expect(outcome.results.map((r) => r.workload.id).sort()).toEqual(['dd-write', 'small-file-read']);
    for (const result of outcome.results) {
      expect(result.backend.mount).toBe('sync-share');
      expect(result.sync?.tool).toBe('sync-share');
      expect(result.sync?.initialSeconds).toBeGreaterThan(0);
      // What the container found its folder on, read in /proc/mounts: the stand-in leaves the bind
      // mount to the engine, so it is the host folder's own filesystem.
      expect(result.fsType).toBe(hostFsType(d.cache));
    }
    // dd-write writes: each timed sample's write-back is waited for and checked on the host.
    const dd = outcome.results.find((r) => r.workload.id === 'dd-write');
    expect(dd?.sync?.flushSeconds).toHaveLength(dd?.stats.runs ?? -1);
    expect(dd?.sync?.writeBack?.files).toBeGreaterThan(0);
    await nothingLeft(d, runId);
    // The run's journal recorded the shares and was ended, not left for restore.
    const journals = await scanJournals(d.data);
    expect(journals).toHaveLength(1);
    expect(journals[0].finished).toBe(true);
    expect(journals[0].records.some((r) => r.type === 'state' && r.owner === FILE_SHARE_OWNER)).toBe(true);
  });

  it('leaves no share, container or open journal after a cancel in the middle of the workloads', async () => {
    const d = await desktop();
    const runId = 'it-sync-share-cancel';
    const cancelled = await run(d, runId, ['small-file-read', 'dd-write'], (event, abort) => {
      if (event.type === 'sample') abort();
    });
    expect(cancelled.status).toBe('cancelled');
    await nothingLeft(d, runId);
  });

  it('a crash at each journal step leaves nothing of the share after `mountbench restore`', async () => {
    const d = await desktop();
    const env = {
      ...process.env,
      HOME: d.dir,
      MOUNTBENCH_DATA_DIR: d.data,
      MOUNTBENCH_CACHE_DIR: d.cache,
      DOCKER_HOST: `unix://${d.engineSocket}`,
    };
    cleanups.push(async () => {
      await removeLeftovers(docker, d.cache, env, { askMutagen: 'after-crash' });
    });
    // The run's steps, each announced before it is taken: create the share (1: none made yet),
    // wait for it (2), remove it (3: the container is gone, the share not yet).
    for (const step of [1, 2, 3]) {
      const crashed = await mountbenchChild(
        ['run', '--mount', 'sync-share', '--workload', 'small-file-read', '--size', 'quick', '--runs', '1'],
        { ...env, MOUNTBENCH_KILL_AT_STEP: String(step) },
      );
      expect(crashed.signal, `step ${step}: ${crashed.stderr}`).toBe('SIGKILL');
      expect(d.api.shares(), `step ${step}`).toHaveLength(step === 1 ? 0 : 1);
      expect(await findUnfinishedJournals(d.data)).toHaveLength(1);
      const restored = await mountbenchChild(['restore'], env);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(new RegExp(`${FILE_SHARE_OWNER}: put back`));
      expect(d.api.shares(), `step ${step}`).toEqual([]);
      expect(await findUnfinishedJournals(d.data)).toEqual([]);
    }
  });
});
