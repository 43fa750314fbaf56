// The one contract every transport of MountbenchApi must keep, run against each of them
// (transport-contract-ws.test.ts, transport-contract-ipc.test.ts) with a real core, the real local
// Docker Engine and a throwaway data folder. The suite only sees a MountbenchApi client and a way
// to send a raw call, so both transports are held to exactly the same expectations.
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MountbenchApi } from '../../src/shared/api';
import { EXPORT_FORMATS } from '../../src/shared/api';
import { MAX_IMPORT_CHARS } from '../../src/shared/api-calls';
import { MountbenchError } from '../../src/shared/errors';
import {
  MOUNT_KINDS,
  MOUNTBENCH_LABEL,
  MOUNTBENCH_LABEL_VALUE,
  WORKLOAD_IDS,
  type ProviderId,
} from '../../src/shared/ids';
import { findExecutable } from '../../src/core/vocab/find-executable';
import { teamDataset, writeTeamDataset } from '../../src/core/team/test-support/team-dataset';
import type { IpcResult } from '../../src/shared/ipc-bridge';
import { PROVIDER_IDS } from '../../src/shared/ids';
import { runFileSchema } from '../../src/shared/result-schema';
import type { JobKind } from '../../src/shared/jobs';
import type { RunEvent } from '../../src/shared/run-events';
import type { RunRequest } from '../../src/shared/run-plan';
import type { ApplyEvent, ApplyResult, SweepEvent, SweepRequest } from '../../src/shared/sweep';
import { createStandinSandbox, DD_SETTINGS_DIR, type StandinSandbox } from '../stand-ins/sandbox';
import { currentOwner, OWNER_LABEL } from '../../src/core/vocab/run-owner';
import { docker, image, tempDir } from './support';

export interface ContractHarness {
  api: MountbenchApi;
  /** A call by channel name with any arguments, bypassing the typed client, as a compromised page would. */
  raw(channel: string, args: unknown[]): Promise<IpcResult<unknown>>;
  stop(): Promise<void>;
}

export interface ContractTransport {
  name: 'websocket' | 'ipc';
  /**
   * A fresh core on `dataDir` (results) and `cacheDir` (fixtures), and a client of it over the
   * transport; `env` (a stand-in sandbox's HOME and PATH) replaces the process environment.
   */
  start(folders: { dataDir: string; cacheDir: string; env?: NodeJS.ProcessEnv }): Promise<ContractHarness>;
}

/** Everything of one run still on the engine: the runner labels each container and volume with its run. */
async function leftoversOf(runId: string): Promise<string[]> {
  const filters = { label: [`${MOUNTBENCH_LABEL}=${MOUNTBENCH_LABEL_VALUE}`, `mountbench.run=${runId}`] };
  const containers = await docker.listContainers({ all: true, filters });
  const volumes = (await docker.listVolumes({ filters })).Volumes ?? [];
  return [...containers.map((c) => c.Names.join(',')), ...volumes.map((v) => v.Name)];
}

/** Waits for a state the core reaches just after an event (a file saved after run-done). */
async function eventually<T>(what: string, probe: () => Promise<T | null>, tries = 100): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function rejection(pending: Promise<unknown>): Promise<MountbenchError> {
  const outcome = await pending.then(
    () => new Error('expected the call to fail, it succeeded'),
    (err: unknown) => err,
  );
  if (outcome instanceof MountbenchError) return outcome;
  throw outcome;
}

/** The jobs of one kind in progress, by id. */
async function activeIds(api: MountbenchApi, kind: JobKind): Promise<string[]> {
  return (await api.jobs.active()).filter((job) => job.kind === kind).map((job) => job.jobId);
}

/**
 * The one job API (`api.jobs`) seen per kind, so each step below reads as what it asks for: a
 * start with the kind's own request, cancel and active by the kind's ids.
 */
function byKind(api: MountbenchApi) {
  const cancel = (jobId: string) => api.jobs.cancel(jobId);
  return {
    runs: {
      start: async (request: RunRequest) => ({
        runId: (await api.jobs.start({ kind: 'run', request })).jobId,
      }),
      cancel,
      active: () => activeIds(api, 'run'),
    },
    sweeps: {
      start: async (request: SweepRequest) => ({
        sweepId: (await api.jobs.start({ kind: 'sweep', request })).jobId,
      }),
      cancel,
      active: () => activeIds(api, 'sweep'),
    },
    applies: {
      start: async (provider: ProviderId, variant: string) => ({
        applyId: (await api.jobs.start({ kind: 'apply', provider, variant })).jobId,
      }),
      cancel,
      active: async () =>
        (await api.jobs.active()).flatMap((job) =>
          job.kind === 'apply' ? [{ applyId: job.jobId, provider: job.provider, variant: job.variant }] : [],
        ),
    },
  };
}

/** Every event the client hears, and a way to wait for one. */
function eventLog(api: MountbenchApi) {
  const events: RunEvent[] = [];
  const waiters: { test(e: RunEvent): boolean; resolve(e: RunEvent): void }[] = [];
  const stop = new AbortController();
  api.jobs.onEvent(
    (job) => {
      if (job.kind !== 'run') return;
      const event = job.event;
      expect(job.jobId).toBe(event.runId);
      events.push(event);
      for (const waiter of [...waiters]) {
        if (waiter.test(event)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    },
    { signal: stop.signal },
  );
  return {
    of: (runId: string) => events.filter((e) => e.runId === runId),
    next(test: (e: RunEvent) => boolean): Promise<RunEvent> {
      const seen = events.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
    stop: () => stop.abort(),
  };
}

/** Every sweep event the client hears, and a way to wait for one. */
function sweepLog(api: MountbenchApi) {
  const events: SweepEvent[] = [];
  const stop = new AbortController();
  api.jobs.onEvent((job) => job.kind === 'sweep' && events.push(job.event), { signal: stop.signal });
  return {
    all: () => events,
    of: (sweepId: string) => events.filter((e) => e.sweepId === sweepId),
    next: (test: (e: SweepEvent) => boolean) =>
      eventually('a sweep event', async () => events.find(test) ?? null, 600),
    stop: () => stop.abort(),
  };
}

/** Every apply event the client hears, and a way to wait for one. */
function applyLog(api: MountbenchApi) {
  const events: ApplyEvent[] = [];
  const stop = new AbortController();
  api.jobs.onEvent((job) => job.kind === 'apply' && events.push(job.event), { signal: stop.signal });
  return {
    of: (applyId: string) => events.filter((e) => e.applyId === applyId),
    // An apply restarts the product: on a loaded machine that takes minutes, within the test's own timeout.
    next: (test: (e: ApplyEvent) => boolean) =>
      eventually('an apply event', async () => events.find(test) ?? null, 2400),
    stop: () => stop.abort(),
  };
}

/** An apply's end, from its `apply-done`. */
async function applyDone(log: ReturnType<typeof applyLog>, applyId: string): Promise<ApplyResult> {
  const done = await log.next((e) => e.type === 'apply-done' && e.applyId === applyId);
  if (done.type !== 'apply-done' || !done.result) throw new Error(`apply ${applyId} ended without a result`);
  return done.result;
}

/** The type of the filesystem holding `path` on this host, as /proc/mounts names it (longest mount point). */
function hostFsTypeOf(path: string): string {
  const real = realpathSync(path);
  let best = { point: '', type: '' };
  for (const line of readFileSync('/proc/self/mounts', 'utf8').split('\n')) {
    const [, point, type] = line.split(' ');
    if (!point || !type) continue;
    const inside = real === point || real.startsWith(point.endsWith('/') ? point : `${point}/`);
    if (inside && point.length > best.point.length) best = { point, type };
  }
  return best.type;
}

export function transportContract(transport: ContractTransport): void {
  describe(`MountbenchApi over ${transport.name}`, () => {
    const data = tempDir(`contract-${transport.name}-data`);
    const cache = tempDir(`contract-${transport.name}-cache`);
    let harness: ContractHarness;
    let api: MountbenchApi;
    let log: ReturnType<typeof eventLog>;
    let quickRunId = '';

    beforeAll(async () => {
      harness = await transport.start({ dataDir: data.path, cacheDir: cache.path });
      api = harness.api;
      log = eventLog(api);
    });
    afterAll(async () => {
      log?.stop();
      await harness?.stop();
      data.remove();
      cache.remove();
    });

    it('tells which transport it is and where results go', async () => {
      const info = await api.app.info();
      expect(info.transport).toBe(transport.name);
      expect(info.resultsDir.startsWith(data.path)).toBe(true);
      expect(info.machine.cores).toBeGreaterThan(0);
    });

    it('lists the real local engine', async () => {
      const engines = await api.engines.list();
      expect(engines.some((e) => e.reachable && e.provider === 'docker-engine')).toBe(true);
    });

    it('sees the fs type a bind mount on the local engine lands on, and leaves no probe behind', async () => {
      const seen = await api.engines.fsSeen('default');
      // The probe's bind folder is under the cache folder: the engine (local) mounts it from there.
      expect(seen).toEqual({ engine: 'default', fsType: hostFsTypeOf(cache.path), reason: null });
      // This process's probes only: another Mountbench beside the suite may be probing too.
      const ours = { label: ['mountbench=1', `${OWNER_LABEL}=${currentOwner()}`] };
      const probes = (await docker.listContainers({ all: true, filters: ours })).filter((c) =>
        c.Labels['mountbench.run']?.endsWith('-fs'),
      );
      expect(probes).toEqual([]);
      const unknown = await api.engines.fsSeen('no-such-engine');
      expect(unknown.fsType).toBeNull();
      expect(unknown.reason).toMatch(/^could not look: .*no-such-engine/);
    });

    it('lists every workload with its sizes', async () => {
      const workloads = await api.workloads.list();
      // `custom` is the user's own command, configured apart, not a built-in workload.
      expect(workloads.map((w) => w.id).sort()).toEqual(WORKLOAD_IDS.filter((id) => id !== 'custom').sort());
      const reader = workloads.find((w) => w.id === 'small-file-read');
      expect(reader?.sizes.quick).toBeDefined();
      expect(reader?.title).not.toBe('');
    });

    it('lists every mount, the sync mounts available only with their tool on PATH', async () => {
      const mounts = await api.mounts.list();
      expect(mounts.map((m) => m.mount)).toEqual([...MOUNT_KINDS]);
      for (const mount of ['mutagen', 'docker-sync'] as const) {
        const info = mounts.find((m) => m.mount === mount);
        const installed = (await findExecutable(mount)) !== null;
        expect(info).toEqual(
          installed
            ? { mount, available: true, reason: null }
            : { mount, available: false, reason: `${mount} is not installed (not on PATH)` },
        );
      }
    });

    it('runs a quick small-file-read on tmpfs and the host, streaming its events in order, and stores it', async () => {
      const request: RunRequest = {
        mounts: ['tmpfs', 'host'],
        workloads: ['small-file-read'],
        size: 'quick',
        runs: 3,
        warmup: 1,
        image,
      };
      const { runId } = await byKind(api).runs.start(request);
      quickRunId = runId;
      // The answer: the run is stored when it is heard, while the job still cleans up.
      const answered = await log.next((e) => e.type === 'run-answered' && e.runId === runId);
      expect(answered).toEqual({ type: 'run-answered', runId, status: 'completed' });
      expect((await api.results.get(runId)).results).toHaveLength(2);
      const done = await log.next((e) => e.type === 'run-done' && e.runId === runId);
      const events = log.of(runId);
      const types = events.map((e) => e.type);
      // Once, after every result, before any of the clean-up's backend-done.
      expect(types.filter((t) => t === 'run-answered')).toHaveLength(1);
      expect(types.lastIndexOf('workload-done')).toBeLessThan(types.indexOf('run-answered'));
      expect(types.indexOf('backend-done')).toBeGreaterThan(types.indexOf('run-answered'));

      expect(types[0]).toBe('planned');
      expect(types.at(-1)).toBe('run-done');
      if (done.type !== 'run-done') throw new Error('not run-done');
      expect(done.status).toBe('completed');
      expect(done.run.errors).toEqual([]);
      const planned = events[0];
      if (planned.type !== 'planned') throw new Error('not planned');
      const backendIds = planned.backends.map((b) => b.id).sort();
      expect(backendIds).toEqual(['docker-engine/native/tmpfs', 'host']);
      // Per backend: started, then its workload's result, then done.
      for (const backendId of backendIds) {
        const at = (test: (e: RunEvent) => boolean) => events.findIndex(test);
        const started = at((e) => e.type === 'backend-started' && e.backendId === backendId);
        const result = at((e) => e.type === 'workload-done' && e.result.backend.id === backendId);
        const finished = at((e) => e.type === 'backend-done' && e.backendId === backendId);
        expect(started).toBeGreaterThan(0);
        expect(result).toBeGreaterThan(started);
        expect(finished).toBeGreaterThan(result);
      }
      // Samples may be thinned out by the throttle, never reordered.
      const completed = events.flatMap((e) => (e.type === 'sample' ? [e.completedExecutions] : []));
      expect(completed.length).toBeGreaterThan(0);
      expect(completed).toEqual([...completed].sort((a, b) => a - b));

      const stored = await eventually(
        'the run to be saved',
        async () => (await api.results.list()).find((r) => r.id === runId) ?? null,
      );
      expect(stored).toMatchObject({ status: 'completed', resultCount: 2, errorCount: 0 });
      const file = await api.results.get(runId);
      expect(runFileSchema.parse(file).id).toBe(runId);
      expect(file.results.map((r) => r.backend.id).sort()).toEqual(backendIds);
      expect(file.results.find((r) => r.backend.id === 'docker-engine/native/tmpfs')?.fsType).toBe('tmpfs');
      expect(await byKind(api).runs.active()).not.toContain(runId);
    });

    it('cancels a run midway: it stops, is stored as cancelled, and leaves nothing on the engine', async () => {
      const { runId } = await byKind(api).runs.start({
        mounts: ['tmpfs'],
        workloads: ['small-file-read'],
        size: 'default',
        runs: 50,
        warmup: 1,
        image,
      });
      await log.next((e) => e.type === 'sample' && e.runId === runId);
      expect(await byKind(api).runs.active()).toContain(runId);
      await byKind(api).runs.cancel(runId);
      expect(await byKind(api).runs.active()).not.toContain(runId);
      const done = await log.next((e) => e.type === 'run-done' && e.runId === runId);
      expect(done).toMatchObject({ type: 'run-done', status: 'cancelled' });
      expect(await leftoversOf(runId)).toEqual([]);
      await eventually(
        'the cancelled run to be saved',
        async () =>
          (await api.results.list()).find((r) => r.id === runId && r.status === 'cancelled') ?? null,
      );
      // Cancelling a run that is no longer running says so.
      expect((await rejection(byKind(api).runs.cancel(runId))).code).toBe('BAD_INPUT');
    });

    it('exports a stored run in every format', async () => {
      for (const format of EXPORT_FORMATS) {
        const file = await api.results.export(quickRunId, format);
        expect(file.fileName, format).toContain(quickRunId);
        expect(file.text.length, format).toBeGreaterThan(0);
        if (format === 'json') expect(runFileSchema.parse(JSON.parse(file.text)).id).toBe(quickRunId);
        if (format === 'hyperfine')
          expect((JSON.parse(file.text) as { results: unknown[] }).results).toHaveLength(2);
        if (format === 'csv') expect(file.text.split('\n').length).toBeGreaterThanOrEqual(3);
        if (format === 'markdown') expect(file.text).toMatch(/\|.*small-file-read/);
      }
    });

    it('gives comparison rows of stored runs, the published figures, and recommendations', async () => {
      const rows = await api.results.rows([quickRunId]);
      expect(rows.map((r) => r.backend.key).sort()).toEqual(['docker-engine/native/tmpfs', 'host']);
      const published = await api.results.published();
      const machines = new Set(published.map((r) => r.machine.label));
      expect([...machines].some((m) => m.includes('M1 Pro'))).toBe(true);
      expect([...machines].some((m) => m.includes('Intel'))).toBe(true);
      const mine = await api.recommend.forRuns([quickRunId], 'balanced', false);
      expect(mine).toHaveLength(1);
      const withPublished = await api.recommend.forRuns([quickRunId], 'balanced', true);
      expect(withPublished.length).toBeGreaterThan(1);
      expect((await rejection(api.recommend.forRuns([quickRunId], 'no-such-profile', false))).code).toBe(
        'BAD_INPUT',
      );
    });

    it('imports a valid file, refuses a corrupt one with a clear error and stores nothing', async () => {
      const json = (await api.results.export(quickRunId, 'json')).text;
      expect(await api.results.import('again.json', json)).toEqual({
        id: quickRunId,
        status: 'already-imported',
      });
      const before = (await api.results.list()).map((r) => r.id).sort();

      const corrupt = await rejection(api.results.import('broken.json', json.slice(0, json.length / 2)));
      expect(corrupt.code).toBe('FILE_INVALID');
      expect(corrupt.message).toMatch(/broken\.json/);
      const wrongShape = await rejection(api.results.import('other.json', JSON.stringify({ schema: 'x' })));
      expect(wrongShape.code).toBe('FILE_INVALID');
      expect((await api.results.list()).map((r) => r.id).sort()).toEqual(before);

      await api.results.delete(quickRunId);
      expect((await api.results.list()).map((r) => r.id)).not.toContain(quickRunId);
      expect(await rejection(api.results.get(quickRunId))).toBeInstanceOf(MountbenchError);
      expect(await api.results.import('colleague.json', json)).toEqual({
        id: quickRunId,
        status: 'imported',
      });
      expect((await api.results.get(quickRunId)).id).toBe(quickRunId);
    });

    it('imports a hyperfine export with the details the page asked for, and refuses what is not one', async () => {
      // Written by hyperfine 1.15.0 itself (test/fixtures/hyperfine).
      const text = readFileSync(join(__dirname, '..', 'fixtures', 'hyperfine', 'one-command.json'), 'utf8');
      const file = { name: 'mine.json', lastModified: Date.parse('2026-11-30T12:00:00Z') };
      const details = {
        backendLabel: 'Docker Desktop VirtioFS bind',
        workload: 'dd-write' as const,
        size: 'quick' as const,
        mount: 'bind' as const,
        fsType: 'virtiofs',
        machineLabel: 'Alice’s M1',
        result: null,
      };
      const imported = await api.results.importHyperfine(file, text, details);
      expect(imported.status).toBe('imported');
      const run = await api.results.get(imported.id);
      expect(run.origin).toEqual({ tool: 'hyperfine', file: 'mine.json' });
      expect(run.createdAt).toBe('2026-11-30T12:00:00.000Z');
      expect(run.machine.label).toBe('Alice’s M1');
      const [row] = await api.results.rows([imported.id]);
      expect(row.source).toMatchObject({ kind: 'measured', importedFrom: 'hyperfine' });
      expect(row.backend.label).toBe(details.backendLabel);
      expect(await api.results.importHyperfine(file, text, details)).toEqual({
        ...imported,
        status: 'already-imported',
      });

      const before = (await api.results.list()).length;
      const notHyperfine = await rejection(api.results.importHyperfine(file, '{"benchmarks": []}', details));
      expect(notHyperfine.code).toBe('FILE_INVALID');
      expect(notHyperfine.message).toMatch(
        /mine\.json is not a hyperfine JSON export: it has no "results" list/,
      );
      const noLabel = await rejection(
        api.results.importHyperfine(file, text, { ...details, backendLabel: ' ' }),
      );
      expect(noLabel.code).toBe('BAD_INPUT');
      expect((await api.results.list()).length).toBe(before);
      await api.results.delete(imported.id);
    });

    it('reads a team dataset folder: the analysis of its runs and every refused file by name', async () => {
      const dataset = tempDir(`contract-${transport.name}-team`);
      try {
        const runs = teamDataset({ machines: 3, runsPerVersion: 1, versions: ['27.4.0', '27.5.1'] });
        await writeTeamDataset(dataset.path, runs);
        writeFileSync(join(dataset.path, 'machines', runs[0].machineId, 'not-a-run.json'), '{');
        const view = await api.team.view(dataset.path);
        expect(view.analysis.runs).toBe(runs.length);
        expect(view.analysis.machines.map((m) => m.machineId).sort()).toEqual(
          [...new Set(runs.map((r) => r.machineId))].sort(),
        );
        expect(view.analysis.spreads.length).toBeGreaterThan(0);
        expect(view.refused).toEqual([
          { file: `machines/${runs[0].machineId}/not-a-run.json`, reason: expect.any(String) },
        ]);
        expect((await rejection(api.team.view('relative/folder'))).code).toBe('BAD_INPUT');
        expect((await harness.raw('team:view', [42])).ok).toBe(false);
      } finally {
        dataset.remove();
      }
    });

    it('reads or copies no project folder outside home that the user did not pick', async () => {
      const home = process.env['HOME'] ?? '/root';
      const outside = home === '/' ? '/nonexistent' : '/etc';
      const inspect = await rejection(api.projects.inspect(outside));
      expect(inspect).toMatchObject({ code: 'BAD_INPUT' });
      expect(inspect.message).toMatch(/not under your home folder|does not exist/);
      const run = await rejection(
        byKind(api).runs.start({
          mounts: ['tmpfs'],
          workloads: ['custom'],
          size: 'quick',
          runs: 1,
          warmup: 0,
          custom: { command: 'true', folder: outside, image: 'busybox' },
        }),
      );
      expect(run).toMatchObject({ code: 'BAD_INPUT' });
      expect(await byKind(api).runs.active()).toEqual([]);
    });

    it('rejects bad inputs at the boundary, before the core sees them', async () => {
      const before = (await api.results.list()).length;
      const wrongType = await rejection(api.results.get(42 as unknown as string));
      expect(wrongType).toMatchObject({ name: 'MountbenchError', code: 'BAD_INPUT' });
      expect(wrongType.message).toMatch(/results:get/);
      const badMount = await rejection(
        byKind(api).runs.start({
          mounts: ['nfs'],
          workloads: ['dd-write'],
          size: 'quick',
          runs: 1,
          warmup: 0,
        } as never),
      );
      expect(badMount.code).toBe('BAD_INPUT');
      expect(badMount.message).toMatch(/mounts/);
      expect((await rejection(api.results.delete('../../etc'))).code).toBe('BAD_INPUT');
      expect((await rejection(api.results.export(quickRunId, 'pdf' as never))).code).toBe('BAD_INPUT');

      const extra = await harness.raw('engines:list', ['surprise']);
      expect(extra).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
      const unknown = await harness.raw('results:wipe', []);
      expect(unknown.ok).toBe(false);
      if (!unknown.ok) expect(unknown.error.message).toMatch(/results:wipe/);

      const oversized = await rejection(api.results.import('big.json', 'x'.repeat(MAX_IMPORT_CHARS + 1)));
      expect(oversized.code).toBe('BAD_INPUT');
      expect(oversized.message).toMatch(/results:import/);
      expect((await api.results.list()).length).toBe(before);
    });
    it('lists the products: the plain engine installed, with its variants, and nothing to switch', async () => {
      const products = await api.providers.list();
      // Every product the registry has, each once (a list written out here missed Lima and Podman).
      expect(products.map((p) => p.detection.id).sort()).toEqual([...PROVIDER_IDS].sort());
      expect(PROVIDER_IDS).toEqual(
        expect.arrayContaining(['docker-engine', 'docker-desktop', 'lima', 'podman']),
      );
      const engine = products.find((p) => p.detection.id === 'docker-engine');
      expect(engine).toMatchObject({
        switches: false,
        detection: { installed: true, currentVariant: 'native' },
      });
      expect(engine?.variants.map((v) => v.id)).toEqual(['native', 'fuse']);
      // The shared type only: no fs types or bind flags of the core's VariantSpec travel.
      expect(Object.keys(engine?.variants[0] ?? {}).sort()).toEqual(['affects', 'available', 'id', 'label']);
    });

    it('refuses to "apply" a plain engine variant, clearly, and changes nothing', async () => {
      const planned = await rejection(api.providers.planApply('docker-engine', 'fuse'));
      expect(planned.code).toBe('BAD_INPUT');
      expect(planned.message).toMatch(/no file-sharing setting to switch/);
      // Refused before start answers: no job, no id.
      const applied = await rejection(byKind(api).applies.start('docker-engine', 'fuse'));
      expect(applied.message).toMatch(/no file-sharing setting to switch/);
      expect(await byKind(api).applies.active()).toEqual([]);
    });

    it('proposes, runs and saves a sweep of the plain engine, streaming its events; a run waits for it', async () => {
      const request: SweepRequest = {
        provider: 'docker-engine',
        variants: ['native'],
        workloads: ['dd-write'],
        mounts: ['tmpfs'],
        size: 'quick',
        runs: 1,
        warmup: 0,
        image,
      };
      const proposal = await api.sweeps.propose(request);
      expect(proposal).toMatchObject({ restarts: false, containersToStop: [], blockers: [] });
      expect(proposal.backends.map((b) => b.id)).toEqual(['docker-engine/native/tmpfs']);

      // A run in progress: the sweep waits for it, clearly, and changes nothing.
      const { runId: busyRun } = await byKind(api).runs.start({
        mounts: ['tmpfs'],
        workloads: ['small-file-read'],
        size: 'default',
        runs: 50,
        warmup: 1,
        image,
      });
      const refused = await rejection(byKind(api).sweeps.start(request));
      expect(refused.message).toMatch(/cannot start a sweep of Docker Engine: a run \(.+\) is in progress/);
      expect(await byKind(api).sweeps.active()).toEqual([]);
      await byKind(api).runs.cancel(busyRun);
      await log.next((e) => e.type === 'run-done' && e.runId === busyRun);

      const sweeps = sweepLog(api);
      const { sweepId } = await byKind(api).sweeps.start(request);
      expect(await byKind(api).sweeps.active()).toContain(sweepId);
      const busy = await rejection(
        byKind(api).runs.start({
          mounts: ['host'],
          workloads: ['dd-write'],
          size: 'quick',
          runs: 1,
          warmup: 0,
        }),
      );
      expect(busy.message).toMatch(/cannot start a run: a sweep .* is in progress/);
      expect(busy.code).toBe('BUSY');
      const done = await sweeps.next((e) => e.type === 'sweep-done' && e.sweepId === sweepId);
      sweeps.stop();
      if (done.type !== 'sweep-done') throw new Error('not sweep-done');
      expect(done.finish).toMatchObject({ status: 'completed', restored: true });
      const phases = sweeps.of(sweepId).flatMap((e) => (e.type === 'variant' ? [e.phase] : []));
      expect(phases).toEqual(['apply', 'wait', 'verify', 'measure', 'done']);
      expect(sweeps.of(sweepId).some((e) => e.type === 'run' && e.event.type === 'workload-done')).toBe(true);
      // Saved before sweep-done, like a run.
      const runId = done.finish.runId ?? '';
      expect((await api.results.list()).find((r) => r.id === runId)).toMatchObject({
        status: 'completed',
        resultCount: 1,
      });
      expect(await byKind(api).sweeps.active()).not.toContain(sweepId);
      expect((await rejection(byKind(api).sweeps.cancel(sweepId))).code).toBe('BAD_INPUT');
      expect(await leftoversOf(runId)).toEqual([]);
    });

    it('rejects bad sweep and apply inputs at the boundary', async () => {
      const request = {
        provider: 'docker-engine',
        workloads: ['dd-write'],
        mounts: ['tmpfs'],
        size: 'quick',
        runs: 1,
        warmup: 0,
      };
      const unknownProvider = await rejection(
        byKind(api).sweeps.start({ ...request, provider: 'parallels' } as never),
      );
      expect(unknownProvider.code).toBe('BAD_INPUT');
      expect(unknownProvider.message).toMatch(/jobs:start/);
      expect(
        (await rejection(api.sweeps.propose({ ...request, workloads: ['custom'] } as never))).message,
      ).toMatch(/custom workload is not swept/);
      expect((await rejection(byKind(api).applies.start('docker-desktop', '../../etc/passwd'))).code).toBe(
        'BAD_INPUT',
      );
      expect((await rejection(byKind(api).applies.cancel('a b'))).code).toBe('BAD_INPUT');
      expect((await rejection(api.providers.planApply('hyper-v' as never, 'x'))).code).toBe('BAD_INPUT');
      expect((await rejection(byKind(api).sweeps.cancel('a b'))).code).toBe('BAD_INPUT');
      const extra = await harness.raw('jobs:start', [
        { kind: 'sweep', request: { ...request, command: 'rm -rf ~' } },
      ]);
      expect(extra).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
      expect(await byKind(api).sweeps.active()).toEqual([]);
    });
  });

  describe(`providers and apply over ${transport.name}, with a stand-in Docker Desktop`, () => {
    // A sandbox home with Docker Desktop's real-format settings and its stand-in CLIs
    // (test/stand-ins); its engine is the local dockerd, so bind mounts are ext4.
    let sb: StandinSandbox;
    let harness: ContractHarness;
    let settings: string;
    let original: Buffer;

    beforeAll(async () => {
      // Docker Desktop takes 3 s to start here, so a cancel can land while apply waits for it.
      sb = createStandinSandbox({
        dockerDesktop: 'settings-store-json-4.35',
        env: { MOUNTBENCH_IMAGE: image, STANDIN_DOCKER_DESKTOP_START_MS: '3000' },
      });
      settings = sb.file(...DD_SETTINGS_DIR, 'settings-store.json');
      original = readFileSync(settings);
      harness = await transport.start({ dataDir: sb.dataDir, cacheDir: `${sb.root}/cache`, env: sb.env });
    });
    afterAll(async () => {
      await harness?.stop();
      await sb?.remove();
    });

    it('lists Docker Desktop with its current setting and plans a switch without changing anything', async () => {
      const products = await harness.api.providers.list();
      const dd = products.find((p) => p.detection.id === 'docker-desktop');
      expect(dd).toMatchObject({
        switches: true,
        detection: { installed: true, currentVariant: 'vz-virtiofs', currentSetting: 'VZ + VirtioFS' },
      });
      expect(dd?.variants.find((v) => v.id === 'hyperkit-grpcfuse')).toMatchObject({ available: false });
      const plan = await harness.api.providers.planApply('docker-desktop', 'vz-grpcfuse');
      expect(plan.plan).toMatchObject({ changes: true, restarts: true });
      expect(plan.plan.writes).toEqual([
        { key: 'settings-store.json: UseVirtualizationFrameworkVirtioFS', from: true, to: false },
      ]);
      const proposal = await harness.api.sweeps.propose({
        provider: 'docker-desktop',
        variants: ['vz-grpcfuse'],
        workloads: ['dd-write'],
        mounts: ['bind'],
        size: 'quick',
        runs: 1,
        warmup: 0,
      });
      expect(proposal.restarts).toBe(true);
      expect(proposal.unavailable.map((u) => u.id)).toContain('hyperkit-grpcfuse');
      expect(readFileSync(settings).equals(original)).toBe(true);
    });

    it('applies as a job with progress events keyed by its id; refused by verification, it puts the original back', async () => {
      const log = applyLog(harness.api);
      const { applyId } = await byKind(harness.api).applies.start('docker-desktop', 'vz-grpcfuse');
      const result = await applyDone(log, applyId);
      const phases = log.of(applyId).flatMap((e) => (e.type === 'apply' ? [e.phase] : []));
      log.stop();
      expect(phases).toEqual(expect.arrayContaining(['backup', 'apply', 'wait', 'verify', 'restore']));
      expect(result).toMatchObject({ status: 'failed', fsType: 'ext4', restored: true });
      expect(result.message).toMatch(/The original settings were put back/);
      expect(readFileSync(settings).equals(original)).toBe(true);
      expect(readFileSync(result.backups[0]).equals(original)).toBe(true);
      expect(await byKind(harness.api).applies.active()).toEqual([]);
    });
    it('cancels an apply by its id while the product restarts: the originals are put back and it says so', async () => {
      expect((await rejection(byKind(harness.api).applies.cancel('no-such-apply'))).message).toMatch(
        /no job no-such-apply is in progress/,
      );
      const log = applyLog(harness.api);
      const { applyId } = await byKind(harness.api).applies.start('docker-desktop', 'vz-grpcfuse');
      expect(await byKind(harness.api).applies.active()).toEqual([
        { applyId, provider: 'docker-desktop', variant: 'vz-grpcfuse' },
      ]);
      // One job at a time, whatever its kind: BUSY, not a usage error.
      expect((await rejection(byKind(harness.api).applies.start('docker-desktop', 'vz-grpcfuse'))).code).toBe(
        'BUSY',
      );
      await log.next((e) => e.type === 'apply' && e.applyId === applyId && e.phase === 'wait');
      expect(readFileSync(settings).equals(original)).toBe(false);
      await byKind(harness.api).applies.cancel(applyId);
      const result = await applyDone(log, applyId);
      log.stop();
      expect(result).toMatchObject({ status: 'failed', restored: true });
      expect(result.message).toBe('the switch was cancelled. The original settings were put back.');
      expect(readFileSync(settings).equals(original)).toBe(true);
    });
  });
}
