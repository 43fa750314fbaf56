// The mutagen and docker-sync mounts against the real Docker Engine, driven through the STAND-IN
// CLIs of test/stand-ins (neither tool can be installed here): the stand-ins enforce the tools'
// documented rules and really move bytes between the host folder and the bench container's volume.
// Checks: initial sync and write-back flushes recorded apart from the samples, what the container
// wrote on the host after the flush, sync-latency through the sync, nothing left after a run or a
// cancel, leftover cleanup of a dead owner's session, and a clear refusal when a tool is missing.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servingWords } from '../../src/shared/serving-words';
import { runFileSchema, type RunFile, type WorkloadResult } from '../../src/shared/result-schema';
import type { RunEvent } from '../../src/shared/run-events';
import type { RunRequest } from '../../src/shared/run-plan';
import type { SyncMountKind } from '../../src/shared/ids';
import { runWorkDir } from '../../src/core/runner/run';
import { prepareRun } from '../../src/core/runner/prepare-run';
import { removeLeftovers } from '../../src/core/runner/leftovers';
import { mountAvailability } from '../../src/core/sync/availability';
import { dockerSyncYaml } from '../../src/core/sync/docker-sync';
import { createStandinSandbox, STAND_INS_DIR, type StandinSandbox } from '../stand-ins/sandbox';
import { runOnEngine } from './engine-run';
import { docker, image, labelledLeftovers, tempDir } from './support';

const DD_QUICK_BYTES = 1024 * 20_000;

let sandbox: StandinSandbox;
const cache = tempDir('sync-mounts');
beforeAll(() => {
  sandbox = createStandinSandbox({
    mutagen: true,
    dockerSync: true,
    // docker-sync's sidecar must use an image this machine has (nothing can be pulled here).
    env: {
      STANDIN_MUTAGEN_POLL_MS: '150',
      STANDIN_DOCKER_SYNC_POLL_MS: '150',
      STANDIN_DOCKER_SYNC_IMAGE: image,
    },
  });
});
afterAll(async () => {
  await sandbox.remove();
  cache.remove();
});

async function run(
  mount: SyncMountKind,
  request: Omit<RunRequest, 'mounts'>,
  runId: string,
  onEvent?: (event: RunEvent, abort: () => void) => void,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<RunFile> {
  const full: RunRequest = { ...request, mounts: [mount] };
  const controller = new AbortController();
  return runOnEngine(full, {
    runId,
    cacheDir: cache.path,
    env: { ...sandbox.env, ...extraEnv },
    signal: controller.signal,
    onEvent: (event) => onEvent?.(event, () => controller.abort()),
  });
}

async function mutagenSessions(selector: string): Promise<unknown[]> {
  const out = await sandbox.run('mutagen', [
    'sync',
    'list',
    '--label-selector',
    selector,
    '--template',
    '{{ json . }}',
  ]);
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as unknown[];
}

async function nothingLeft(runId: string, mount: SyncMountKind): Promise<void> {
  expect(await labelledLeftovers({ runId })).toEqual({ containers: [], volumes: [] });
  expect(existsSync(runWorkDir(cache.path, runId))).toBe(false);
  if (mount === 'mutagen') expect(await mutagenSessions(`mountbench.run=${runId}`)).toEqual([]);
  else {
    // docker-sync's sidecar is named after the sync, which is named after the run.
    const { stdout } = await promisify(execFile)('docker', [
      'ps',
      '-a',
      '--filter',
      `name=mountbench-${runId}`,
      '--format',
      '{{.Names}}',
    ]);
    expect(stdout.trim()).toBe('');
  }
}

describe.each(['mutagen', 'docker-sync'] as const)('%s through its stand-in', (mount) => {
  const runId = `it-sync-${mount}`;
  let outcome: RunFile;
  let hostBytesAtDone: number | null = null;
  const find = (workloadId: string): WorkloadResult => {
    const found = outcome.results.find((r) => r.workload.id === workloadId);
    if (!found) throw new Error(`no ${workloadId} result: ${JSON.stringify(outcome.errors)}`);
    return found;
  };

  beforeAll(async () => {
    outcome = await run(
      mount,
      { workloads: ['small-file-read', 'dd-write', 'sync-latency'], size: 'quick', runs: 2, warmup: 0 },
      runId,
      (event) => {
        // Read the host's copy the moment the result is reported, before cleanup removes it.
        if (event.type === 'workload-done' && event.result.workload.id === 'dd-write') {
          const file = join(runWorkDir(cache.path, runId), 'backend-0', 'data', 'dd-write', 'speedtest');
          hostBytesAtDone = existsSync(file) ? statSync(file).size : null;
        }
      },
    );
  }, 300_000);

  it('measures every workload on the sync mount, in a valid result file', () => {
    expect(outcome.errors).toEqual([]);
    expect(outcome.status).toBe('completed');
    expect(runFileSchema.safeParse(outcome).success).toBe(true);
    expect(outcome.results.map((r) => `${r.backend.id} ${r.workload.id}`).sort()).toEqual([
      `docker-engine/native/${mount} dd-write`,
      `docker-engine/native/${mount} small-file-read`,
      `docker-engine/native/${mount} sync-latency`,
    ]);
  });

  it('charges every timed sample with what the sync daemon on the host spent (mutagen’s; Mountbench knows none of docker-sync’s)', () => {
    // Every workload: the script ones and sync-latency, whose host edits the daemon carries.
    const results = outcome.results;
    expect(results).toHaveLength(3);
    for (const result of results) {
      if (mount === 'docker-sync') {
        expect(result.serving, result.workload.id).toBeUndefined();
        continue;
      }
      expect(result.serving?.processes, result.workload.id).toEqual(['mutagen daemon']);
      expect(result.serving!.cpuSeconds, result.workload.id).toHaveLength(result.stats.samples.length);
    }
    if (mount === 'mutagen') {
      // Its cycles scan the synced folders every 200 ms while the samples run.
      const spent = results.flatMap((r) => r.serving!.cpuSeconds).reduce((a, b) => a + b, 0);
      expect(spent).toBeGreaterThan(0);
      console.log(
        `mutagen stand-in's daemon: ${results.map((r) => `${r.workload.id} ${r.stats.mean.toFixed(3)} s, host ${servingWords(r)}`).join('; ')}`,
      );
    }
  });

  it('records the initial sync of every fixture apart from the samples', () => {
    for (const result of outcome.results) {
      expect(result.sync?.tool).toBe(mount);
      expect(result.sync?.initialSeconds).toBeGreaterThan(0);
    }
    // Reads write nothing back, so they have no flushes.
    expect(find('small-file-read').sync?.flushSeconds).toEqual([]);
  });

  it('flushes after every timed write and the host then holds what the container wrote', () => {
    const dd = find('dd-write');
    expect(dd.sync?.flushSeconds).toHaveLength(dd.stats.runs);
    expect(dd.sync?.writeBack).toEqual({ files: 1, bytes: DD_QUICK_BYTES });
    expect(hostBytesAtDone).toBe(DD_QUICK_BYTES);
  });

  it('times host edits reaching the container through the sync', () => {
    const latency = find('sync-latency');
    expect(latency.stats.samples).toHaveLength(10);
  });

  it('leaves no session, sidecar, container, volume or folder of the run', async () => {
    await nothingLeft(runId, mount);
  });

  it('cleans up after a cancel in the middle of the workloads', async () => {
    const cancelId = `it-sync-cancel-${mount}`;
    const cancelled = await run(
      mount,
      { workloads: ['small-file-read', 'dd-write'], size: 'quick', runs: 5, warmup: 0 },
      cancelId,
      (event, abort) => {
        if (event.type === 'sample') abort();
      },
    );
    expect(cancelled.status).toBe('cancelled');
    await nothingLeft(cancelId, mount);
  }, 300_000);
});

describe('a sync tool that fails (stand-in fault knobs)', () => {
  it.each([
    [
      'mutagen',
      'mutagen:create',
      /mutagen sync create .* failed: Error: stand-in fault: mutagen create fails/,
    ],
    [
      'docker-sync',
      'docker-sync:start',
      /docker-sync start failed: error: stand-in fault: docker-sync start fails/,
    ],
  ] as const)(
    "%s: the backend fails with the tool's words and leaves nothing",
    async (mount, fault, message) => {
      const runId = `it-sync-fault-${mount}`;
      const outcome = await run(
        mount,
        { workloads: ['dd-write'], size: 'quick', runs: 1, warmup: 0 },
        runId,
        undefined,
        { STANDIN_FAIL: fault },
      );
      expect(outcome.status).toBe('failed');
      expect(outcome.results).toEqual([]);
      expect(outcome.errors.map((e) => e.message).join('\n')).toMatch(message);
      await nothingLeft(runId, mount);
    },
    120_000,
  );
});

describe('docker-sync as it ships (stand-in): `sync` does nothing, unison carries files on its own', () => {
  const project = () => {
    const dir = join(cache.path, `project-${Math.random().toString(36).slice(2)}`);
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(
      join(dir, 'docker-sync.yml'),
      dockerSyncYaml(`mb-it-${process.pid}-${Date.now()}`, join(dir, 'src')),
    );
    return dir;
  };
  const tool = (dir: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
    promisify(execFile)(join(STAND_INS_DIR, 'docker-sync'), args, {
      cwd: dir,
      env: { ...sandbox.env, ...env },
    });

  it('stand-in: `docker-sync sync` under native_osx returns without carrying a host change', async () => {
    const dir = project();
    try {
      await tool(dir, ['start'], { STANDIN_DOCKER_SYNC_DELAY_MS: '5000' });
      writeFileSync(join(dir, 'src', 'late.txt'), 'late');
      await tool(dir, ['sync'], { STANDIN_DOCKER_SYNC_DELAY_MS: '5000' });
      const name = (await tool(dir, ['list'])).stdout.split(':')[0];
      const { stdout } = await promisify(execFile)('docker', ['exec', name, 'ls', '/app_sync']);
      expect(stdout.trim()).toBe('');
    } finally {
      await tool(dir, ['clean']);
    }
  });

  it('stand-in: with a newer gem out, `start` without a terminal exits 1 unless DOCKER_SYNC_SKIP_UPDATE is set', async () => {
    const dir = project();
    try {
      const refused = await tool(dir, ['start'], { STANDIN_DOCKER_SYNC_UPDATE_AVAILABLE: '1' }).catch(
        (err: { code: number; stdout: string }) => err,
      );
      expect(refused).toMatchObject({ code: 1, stdout: expect.stringMatching(/There is an update/) });
      await tool(dir, ['start'], { STANDIN_DOCKER_SYNC_UPDATE_AVAILABLE: '1', DOCKER_SYNC_SKIP_UPDATE: '1' });
    } finally {
      await tool(dir, ['clean']);
    }
  });

  it('with a 2 s propagation delay and a newer gem out, every fixture is in the container before it is measured, and every write back on the host after', async () => {
    const runId = 'it-sync-docker-sync-delay';
    const outcome = await run(
      'docker-sync',
      { workloads: ['small-file-read', 'dd-write'], size: 'quick', runs: 1, warmup: 0 },
      runId,
      undefined,
      { STANDIN_DOCKER_SYNC_DELAY_MS: '2000', STANDIN_DOCKER_SYNC_UPDATE_AVAILABLE: '1' },
    );
    expect(outcome.errors).toEqual([]);
    expect(outcome.status).toBe('completed');
    const dd = outcome.results.find((r) => r.workload.id === 'dd-write');
    expect(dd?.sync?.writeBack).toEqual({ files: 1, bytes: DD_QUICK_BYTES });
    await nothingLeft(runId, 'docker-sync');
  }, 300_000);

  it('off macOS the docker-sync.yml names no strategy: docker-sync’s default (native, a bind-backed volume) serves the host folder', async () => {
    const runId = 'it-sync-docker-sync-linux';
    let device: string | null = null;
    const outcome = await run(
      'docker-sync',
      { workloads: ['dd-write'], size: 'quick', runs: 1, warmup: 0 },
      runId,
      (event) => {
        if (event.type === 'workload-done' && device === null) {
          const out = execFileSync(
            'docker',
            ['volume', 'inspect', `mountbench-${runId}-0-sync`, '--format', '{{json .Options}}'],
            {
              encoding: 'utf8',
            },
          );
          device = (JSON.parse(out) as { device?: string }).device ?? '';
        }
      },
      { MOUNTBENCH_HOST: 'linux x64' },
    );
    expect(outcome.errors).toEqual([]);
    expect(device).toBe(join(runWorkDir(cache.path, runId), 'backend-0', 'data'));
    await nothingLeft(runId, 'docker-sync');
  }, 300_000);
});

describe('leftovers of a dead run', () => {
  it('ends a mutagen session whose owner process is gone, found by its labels', async () => {
    const name = 'mountbench-it-dead-owner';
    const container = await docker.createContainer({
      name,
      Image: image,
      Cmd: ['sleep', '600'],
      Labels: { mountbench: '1', 'mountbench.run': 'it-dead-owner', 'mountbench.owner': 'other-host:1' },
    });
    try {
      await container.start();
      // pid 999999999 does not exist on this host: the owner is dead.
      const host = hostname().replace(/[^A-Za-z0-9._-]/g, '-');
      const created = await sandbox.run('mutagen', [
        'sync',
        'create',
        cache.path,
        `docker://${name}/bench`,
        '--name',
        name,
        '--label',
        'mountbench=1',
        '--label',
        'mountbench.run=it-dead-owner',
        '--label',
        `mountbench.owner=${host}_999999999`,
      ]);
      expect(created.code, created.stderr).toBe(0);
      // The clean-up at every start does not ask mutagen (that would start its daemon) unless a
      // dead run left its folder; there is none here, so the session stays for `mountbench cleanup`.
      expect(existsSync(join(cache.path, 'runs')) ? readdirSync(join(cache.path, 'runs')) : []).toEqual([]);
      const atStart = await removeLeftovers(null, cache.path, sandbox.env, { askMutagen: 'after-crash' });
      expect(atStart.syncs).toEqual([]);
      expect(await mutagenSessions('mountbench.run=it-dead-owner')).toHaveLength(1);
      const report = await removeLeftovers(null, cache.path, sandbox.env);
      expect(report.syncs).toContain(`mutagen session ${name}`);
      expect(await mutagenSessions('mountbench.run=it-dead-owner')).toEqual([]);
    } finally {
      await container.remove({ force: true });
    }
  }, 120_000);
});

describe('leftovers of a dead docker-sync run', () => {
  it("runs docker-sync clean in a dead run's folder: sidecar, volume and folder gone", async () => {
    const runDir = join(cache.path, 'runs', 'it-dead-docker-sync');
    const backendDir = join(runDir, 'backend-0');
    mkdirSync(join(backendDir, 'data'), { recursive: true });
    // This host, a pid that does not exist: the owner is dead.
    writeFileSync(join(runDir, 'owner'), `${hostname()}:999999999`);
    const syncName = 'mountbench-it-dead-docker-sync-0-sync';
    writeFileSync(join(backendDir, 'docker-sync.yml'), dockerSyncYaml(syncName, join(backendDir, 'data')));
    await promisify(execFile)(join(STAND_INS_DIR, 'docker-sync'), ['start'], {
      cwd: backendDir,
      env: sandbox.env,
    });
    expect((await docker.listVolumes({ filters: { name: [syncName] } })).Volumes?.map((v) => v.Name)).toEqual(
      [syncName],
    );

    const report = await removeLeftovers(null, cache.path, sandbox.env);
    expect(report.problems).toEqual([]);
    expect(report.syncs).toEqual([`docker-sync in ${backendDir}`]);
    expect(report.folders).toContain(runDir);
    expect((await docker.listVolumes({ filters: { name: [syncName] } })).Volumes ?? []).toEqual([]);
    expect(await docker.listContainers({ all: true, filters: { name: [syncName] } })).toEqual([]);
    expect(existsSync(runDir)).toBe(false);
  }, 120_000);
});

describe('without the tools', () => {
  it('lists both sync mounts as unavailable with the reason and refuses a run before anything starts', async () => {
    const bare = createStandinSandbox();
    try {
      const mounts = await mountAvailability(bare.env);
      expect(mounts.find((m) => m.mount === 'mutagen')).toEqual({
        mount: 'mutagen',
        available: false,
        reason: 'mutagen is not installed (not on PATH)',
      });
      expect(mounts.find((m) => m.mount === 'docker-sync')?.reason).toBe(
        'docker-sync is not installed (not on PATH)',
      );
      expect(mounts.find((m) => m.mount === 'bind')?.available).toBe(true);
      const before = await labelledLeftovers({ ownerPid: process.pid });
      for (const mount of ['mutagen', 'docker-sync'] as const) {
        await expect(
          prepareRun(
            { mounts: ['volume', mount], workloads: ['dd-write'], size: 'quick', runs: 1, warmup: 0 },
            { env: bare.env, home: bare.home },
          ),
        ).rejects.toThrow(`the ${mount} mount is unavailable here: ${mount} is not installed (not on PATH)`);
      }
      expect(await labelledLeftovers({ ownerPid: process.pid })).toEqual(before);
      expect(existsSync(join(bare.root, 'cache'))).toBe(false);
    } finally {
      await bare.remove();
    }
  });
});
