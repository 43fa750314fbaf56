// The runner against the real Docker Engine: every mount of the plain engine, both variants, the
// host baseline, cancellation and a missing image. Nothing of dockerode is mocked.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFile, WorkloadResult } from '../../src/shared/result-schema';
import { runFileSchema } from '../../src/shared/result-schema';
import type { RunEvent } from '../../src/shared/run-events';
import type { RunRequest } from '../../src/shared/run-plan';
import { runWorkDir } from '../../src/core/runner/run';
import { smallFileRead } from '../../src/core/workloads/small-file-read';
import { runOnEngine } from './engine-run';
import { docker, fuseMountsBelow, hostFsType, image, labelledLeftovers, tempDir } from './support';

const cache = tempDir('runner');
afterAll(() => cache.remove());

async function run(
  request: RunRequest,
  runId: string,
  options: { image?: string; onEvent?: (e: RunEvent, abort: () => void) => void } = {},
) {
  const controller = new AbortController();
  const events: RunEvent[] = [];
  const result = await runOnEngine(request, {
    runId,
    image: options.image ?? image,
    cacheDir: cache.path,
    signal: controller.signal,
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event, () => controller.abort());
    },
  });
  return { run: result, events };
}

describe('a quick run on every mount of the local engine', () => {
  let outcome: { run: RunFile; events: RunEvent[] };
  const request: RunRequest = {
    mounts: ['bind', 'volume', 'tmpfs', 'layer', 'host'],
    variants: ['native', 'fuse'],
    workloads: ['small-file-read', 'dd-write'],
    size: 'quick',
    runs: 3,
    warmup: 1,
  };
  const find = (backendId: string, workloadId: string): WorkloadResult => {
    const found = outcome.run.results.find((r) => r.backend.id === backendId && r.workload.id === workloadId);
    if (!found)
      throw new Error(`no result for ${backendId} ${workloadId}: ${JSON.stringify(outcome.run.errors)}`);
    return found;
  };

  /** Seen on disk once small-file-read's first sample ran: files in each folder that could hold its fixture. */
  let onDisk: Record<string, number> | null = null;
  const countFiles = (dir: string): number =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
      : -1;

  beforeAll(async () => {
    outcome = await run(request, 'it-all-mounts', {
      onEvent: (event) => {
        if (onDisk || event.type !== 'sample' || event.workloadId !== 'small-file-read') return;
        const runDir = runWorkDir(cache.path, 'it-all-mounts');
        onDisk = { shared: countFiles(join(runDir, 'shared', 'small-file-read')) };
        for (const folder of readdirSync(runDir).filter((f) => f.startsWith('backend-')))
          onDisk[folder] = countFiles(join(runDir, folder, 'data', 'small-file-read'));
      },
    });
  });

  it('completes every backend and workload without errors, in a valid result file', () => {
    expect(outcome.run.errors).toEqual([]);
    expect(outcome.run.status).toBe('completed');
    expect(outcome.run.results.map((r) => `${r.backend.id} ${r.workload.id}`).sort()).toEqual(
      [
        'docker-engine/fuse/bind',
        'docker-engine/native/bind',
        'docker-engine/native/layer',
        'docker-engine/native/tmpfs',
        'docker-engine/native/volume',
        'host',
      ]
        .flatMap((b) => [`${b} dd-write`, `${b} small-file-read`])
        .sort(),
    );
    expect(runFileSchema.safeParse(outcome.run).success).toBe(true);
  });

  it('records the filesystem each workload really ran on', async () => {
    const dockerRoot = (await docker.info()).DockerRootDir as string;
    for (const workload of ['small-file-read', 'dd-write']) {
      expect(find('docker-engine/native/tmpfs', workload).fsType).toBe('tmpfs');
      expect(find('docker-engine/native/layer', workload).fsType).toBe('overlay');
      expect(find('docker-engine/fuse/bind', workload).fsType).toMatch(/^fuse/);
      expect(find('docker-engine/native/bind', workload).fsType).toBe(hostFsType(cache.path));
      expect(find('docker-engine/native/volume', workload).fsType).toBe(
        hostFsType(join(dockerRoot, 'volumes')),
      );
      expect(find('host', workload).fsType).toBe(hostFsType(cache.path));
    }
  });

  it('lays the read-only fixture once on the host for both bind backends, each reading it through its own share', () => {
    const { files } = smallFileRead.sizes.quick;
    expect(onDisk).not.toBeNull();
    const { shared, ...backends } = onDisk!;
    expect(shared).toBe(files);
    // The two bind backends' own folders hold only the mount point; other backends have none.
    expect(Object.values(backends).filter((n) => n === 0)).toHaveLength(2);
    expect(Object.values(backends).filter((n) => n > 0)).toEqual([]);
    // Each still read it through its own share (fs types above): FUSE for one, the host's for the other.
    expect(find('docker-engine/fuse/bind', 'small-file-read').fsType).not.toBe(
      find('docker-engine/native/bind', 'small-file-read').fsType,
    );
  });

  it("records what the FUSE share's bindfs daemons spent on the host across each sample, and nothing for the others", () => {
    for (const workload of ['small-file-read', 'dd-write']) {
      const fuse = find('docker-engine/fuse/bind', workload).serving;
      // Its own share and the shared fixture's (small-file-read reads the copy laid once).
      expect(fuse?.processes).toEqual(['bindfs (FUSE daemon)']);
      expect(fuse?.cpuSeconds).toHaveLength(3);
      // Every file operation crosses the daemon: across three samples it did measurable work.
      expect(fuse!.cpuSeconds.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(fuse!.peakRssBytes).toBeGreaterThan(0);
      for (const other of ['docker-engine/native/bind', 'docker-engine/native/volume', 'host'])
        expect(find(other, workload).serving).toBeUndefined();
    }
  });

  it('keeps every timed sample, with sane statistics and the clock that took them', () => {
    for (const result of outcome.run.results) {
      const { stats } = result;
      expect(stats.samples).toHaveLength(3);
      expect(stats.runs).toBe(3);
      expect(stats.min).toBeGreaterThan(0);
      expect(stats.min).toBeLessThanOrEqual(stats.median);
      expect(stats.median).toBeLessThanOrEqual(stats.max);
      expect(result.cache).toBe('warm');
      // The host baseline runs the bench image's BusyBox here, so it reads the same clock inside
      // its script (markers arriving through a pipe only where the host's own tools run).
      expect(result.clock.source).toBe(
        result.backend.mount === 'host' && !result.hostTools?.startsWith('BusyBox')
          ? 'host-markers'
          : 'adjtimex',
      );
      if (result.backend.mount === 'host') expect(result.hostTools).toMatch(/^BusyBox from the bench image/);
      expect(result.clock.overheadSeconds).toBeGreaterThanOrEqual(0);
    }
    expect(find('docker-engine/native/tmpfs', 'dd-write').derived.mbPerSecond).toBeGreaterThan(0);
    // BusyBox's `times` reports the dd child's system time: a write of 20 MB is never free.
    expect(find('docker-engine/native/volume', 'dd-write').stats.system).toBeGreaterThan(0);
  });

  it('streams planned, per-sample and done events that add up', () => {
    const planned = outcome.events.find((e) => e.type === 'planned');
    expect(planned?.type === 'planned' && planned.totalExecutions).toBe(6 * 2 * 4);
    const samples = outcome.events.filter((e) => e.type === 'sample');
    expect(samples).toHaveLength(6 * 2 * 4);
    expect(samples.filter((e) => e.type === 'sample' && e.warmup)).toHaveLength(6 * 2);
    expect(outcome.events.at(-1)?.type).toBe('run-done');
    expect(outcome.events.filter((e) => e.type === 'backend-done')).toHaveLength(6);
  });

  it('leaves no container, volume, FUSE mount or fixture behind', async () => {
    expect(await labelledLeftovers({ runId: 'it-all-mounts' })).toEqual({ containers: [], volumes: [] });
    expect(fuseMountsBelow(cache.path)).toEqual([]);
    expect(existsSync(runWorkDir(cache.path, 'it-all-mounts'))).toBe(false);
  });
});

describe('cancelling', () => {
  it('stops mid-run, says cancelled, and leaves nothing labelled mountbench=1', async () => {
    let cancelledAt = 0;
    let stoppedAt = 0;
    let samplesAfterCancel = 0;
    const { run: result, events } = await run(
      {
        mounts: ['bind', 'volume'],
        variants: ['native', 'fuse'],
        workloads: ['small-file-read'],
        size: 'default',
        runs: 10,
        warmup: 0,
      },
      'it-cancel',
      {
        onEvent: (event, abort) => {
          if (cancelledAt && !stoppedAt && event.type === 'phase' && event.phase === 'cleanup')
            stoppedAt = performance.now();
          if (cancelledAt && event.type === 'sample') samplesAfterCancel += 1;
          // Cancel mid-round, while every backend's bench container exists (they all live the whole run).
          if (event.type === 'sample' && event.backendId === 'docker-engine/native/volume' && !cancelledAt) {
            cancelledAt = performance.now();
            abort();
          }
        },
      },
    );
    // Reported, not asserted: timing belongs in benchmarks. Removing a volume of 20,000 files is
    // most of the second figure.
    console.log(
      `cancel: workload stopped ${(stoppedAt - cancelledAt).toFixed(0)} ms after the abort; ` +
        `run returned, cleanup done, ${(performance.now() - cancelledAt).toFixed(0)} ms after it`,
    );
    expect(stoppedAt).toBeGreaterThan(0);
    expect(cancelledAt).toBeGreaterThan(0);
    expect(result.status).toBe('cancelled');
    expect(result.errors.map((e) => e.code)).toContain('CANCELLED');
    expect(samplesAfterCancel).toBe(0);
    expect(events.some((e) => e.type === 'workload-done')).toBe(false);
    expect(await labelledLeftovers({ runId: 'it-cancel' })).toEqual({ containers: [], volumes: [] });
    expect(fuseMountsBelow(cache.path)).toEqual([]);
    expect(existsSync(runWorkDir(cache.path, 'it-cancel'))).toBe(false);
  });

  it('cleans up the backends already started when the cancel comes while a later one starts', async () => {
    let secondStarting = false;
    const { run: result } = await run(
      { mounts: ['volume', 'tmpfs'], workloads: ['dd-write'], size: 'quick', runs: 1, warmup: 0 },
      'it-cancel-start',
      {
        onEvent: (event, abort) => {
          // The backends start together: the volume backend's start is under way (its volume may
          // exist, its container not yet), and the tmpfs one's is about to begin.
          if (event.type === 'backend-started' && event.backendId === 'docker-engine/native/tmpfs') {
            secondStarting = true;
            abort();
          }
        },
      },
    );
    expect(secondStarting).toBe(true);
    expect(result.status).toBe('cancelled');
    expect(await labelledLeftovers({ runId: 'it-cancel-start' })).toEqual({ containers: [], volumes: [] });
  });
});

describe('a bench image that cannot be had', () => {
  it('fails the run with a message that names the offline way out', async () => {
    const { run: result } = await run(
      { mounts: ['tmpfs'], workloads: ['dd-write'], size: 'quick', runs: 1, warmup: 0 },
      'it-no-image',
      { image: 'mountbench/does-not-exist:never' },
    );
    expect(result.status).toBe('failed');
    expect(result.errors[0].code).toBe('IMAGE_UNAVAILABLE');
    expect(result.errors[0].message).toMatch(/npm run image:offline/);
    expect(await labelledLeftovers({ runId: 'it-no-image' })).toEqual({ containers: [], volumes: [] });
  });
});
