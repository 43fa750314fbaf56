// page-reload and parallel-read on the real engine at quick size: through the runner on a native
// bind mount, the FUSE (bindfs) share, a named volume (and tmpfs for the page), and their validity
// checks proven to fail on a real stale page and on a reader that did not read every file.
// Nothing of dockerode is mocked. Container names carry the run id and this process's pid.
import { rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFile, WorkloadResult } from '../../src/shared/result-schema';
import { runFileSchema } from '../../src/shared/result-schema';
import type { RunRequest } from '../../src/shared/run-plan';
import { ContainerExecutor } from '../../src/core/runner/container-executor';
import { measurePageReload } from '../../src/core/runner/measure-page-reload';
import { measureParallel } from '../../src/core/runner/measure-parallel';
import type { MeasureHooks } from '../../src/core/runner/measure-hooks';
import { workloadById } from '../../src/core/workloads/registry';
import { PAGE_RELOAD_PORT } from '../../src/core/workloads/page-reload-app';
import { pageReload } from '../../src/core/workloads/page-reload';
import { parallelRead } from '../../src/core/workloads/parallel-read';
import type { Backend } from '../../src/shared/result-schema';
import { runOnEngine } from './engine-run';
import { docker, image, labelledLeftovers, tempDir } from './support';

const cache = tempDir('dev-loop-web');
afterAll(() => cache.remove());
const signal = new AbortController().signal;

function hooks(onSample: MeasureHooks['sample'] = () => {}): MeasureHooks {
  return { signal, phase: () => {}, sample: onSample };
}

const backend: Backend = {
  id: 'docker-engine/native/bind',
  provider: 'docker-engine',
  variant: 'native',
  mount: 'bind',
  label: 'test bind',
} as Backend;

describe('page-reload and parallel-read through the runner, quick size', () => {
  let run: RunFile;
  const runId = `it-web-${process.pid}`;
  const request: RunRequest = {
    mounts: ['bind', 'volume', 'tmpfs', 'host'],
    variants: ['native', 'fuse'],
    workloads: ['page-reload', 'parallel-read'],
    size: 'quick',
    runs: 3,
    warmup: 1,
  };
  const find = (backendId: string, workloadId: string, caseId?: string): WorkloadResult => {
    const found = run.results.find(
      (r) => r.backend.id === backendId && r.workload.id === workloadId && r.workload.case === caseId,
    );
    if (!found)
      throw new Error(`no result for ${backendId} ${workloadId} ${caseId}: ${JSON.stringify(run.errors)}`);
    return found;
  };

  beforeAll(async () => {
    run = await runOnEngine(request, { runId, cacheDir: cache.path });
  }, 600_000);

  it('completes in a valid result file, skipping only what cannot run and saying why', () => {
    expect(run.errors).toEqual([]);
    expect(runFileSchema.safeParse(run).success).toBe(true);
    expect((run.skipped ?? []).map((s) => `${s.backendId} ${s.workloadId}`).sort()).toEqual([
      'docker-engine/native/tmpfs parallel-read',
      'host page-reload',
    ]);
  });

  it('times page-reload without an edit and after one on bind, FUSE, volume and tmpfs', () => {
    const { requests, edits, files } = pageReload.sizes.quick;
    for (const id of [
      'docker-engine/native/bind',
      'docker-engine/fuse/bind',
      'docker-engine/native/volume',
      'docker-engine/native/tmpfs',
    ]) {
      const plain = find(id, 'page-reload', 'no-edit');
      const edited = find(id, 'page-reload', 'after-edit');
      expect(plain.stats.runs).toBe(requests);
      expect(edited.stats.runs).toBe(edits);
      expect(plain.workload.params.files).toBe(files);
      for (const r of [plain, edited]) {
        expect(r.derived.p50Seconds).toBeGreaterThan(0);
        expect(r.derived.p95Seconds).toBeGreaterThanOrEqual(r.derived.p50Seconds);
        expect(r.clock.source).toBe('host-request');
      }
      expect(plain.derived.firstRequestSeconds).toBeGreaterThan(0);
      // Both need only BusyBox: they ran in the bench image, not the tools image.
      expect(plain.image).toBe(image);
      expect(
        find(id === 'docker-engine/native/tmpfs' ? 'docker-engine/native/bind' : id, 'parallel-read').image,
      ).toBe(image);
    }
    expect(find('docker-engine/fuse/bind', 'page-reload', 'no-edit').fsType).toMatch(/^fuse/);
    // What the FUSE share's bindfs daemon spent on each request and on carrying each edit; the
    // native share has no process of its own to read.
    for (const caseId of ['no-edit', 'after-edit']) {
      const fuse = find('docker-engine/fuse/bind', 'page-reload', caseId);
      expect(fuse.serving?.processes, caseId).toEqual(['bindfs (FUSE daemon)']);
      expect(fuse.serving?.cpuSeconds, caseId).toHaveLength(fuse.stats.runs);
      expect(find('docker-engine/native/bind', 'page-reload', caseId).serving, caseId).toBeUndefined();
    }
    // Every request stat'ed and read every file through the daemon: it did measurable work.
    const served = find('docker-engine/fuse/bind', 'page-reload', 'no-edit').serving!.cpuSeconds;
    expect(served.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    // Where the host cannot write, the edit went through the container, and the result says so.
    expect(find('docker-engine/native/volume', 'page-reload', 'after-edit').warnings.join(' ')).toMatch(
      /through the container/,
    );
    expect(find('docker-engine/native/bind', 'page-reload', 'after-edit').warnings.join(' ')).not.toMatch(
      /through the container/,
    );
  });

  it('times parallel-read as the slowest of four containers, each one kept, on bind, FUSE, volume and the host', () => {
    for (const id of [
      'docker-engine/native/bind',
      'docker-engine/fuse/bind',
      'docker-engine/native/volume',
      'host',
    ]) {
      const r = find(id, 'parallel-read');
      expect(r.stats.runs).toBe(3);
      expect(r.derived.containers).toBe(4);
      const each = [1, 2, 3, 4].map((i) => r.derived[`container${i}MedianSeconds`]);
      for (const s of each) expect(s).toBeGreaterThan(0);
      // Every sample is the slowest reader of its round, so its median is at least each one's.
      expect(r.stats.max).toBeGreaterThanOrEqual(Math.max(...each) - 1e-9);
    }
    expect(find('docker-engine/fuse/bind', 'parallel-read').fsType).toMatch(/^fuse/);
    // The four readers share one bindfs daemon: what it spent is read around each whole round.
    const fuse = find('docker-engine/fuse/bind', 'parallel-read').serving;
    expect(fuse?.processes).toEqual(['bindfs (FUSE daemon)']);
    expect(fuse?.cpuSeconds).toHaveLength(3);
    expect(fuse!.cpuSeconds.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(find('docker-engine/native/bind', 'parallel-read').serving).toBeUndefined();
  });

  it('leaves no container or volume behind, siblings included', async () => {
    expect(await labelledLeftovers({ runId })).toEqual({ containers: [], volumes: [] });
  });
});

describe('a cancel mid-workload', () => {
  it.each(['page-reload', 'parallel-read'] as const)(
    'stops %s at once and leaves no container, sibling or volume behind',
    async (workloadId) => {
      const runId = `it-web-cancel-${workloadId}-${process.pid}`;
      const controller = new AbortController();
      const request: RunRequest = {
        mounts: ['bind', 'volume'],
        variants: ['native'],
        workloads: [workloadId],
        size: 'quick',
        runs: 3,
        warmup: 1,
      };
      let cancelled = false;
      let samplesAfter = 0;
      const result = await runOnEngine(request, {
        runId,
        cacheDir: cache.path,
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type !== 'sample') return;
          if (cancelled) samplesAfter++;
          // The first sample: page-reload's server is up, parallel-read's siblings are running.
          else {
            cancelled = true;
            controller.abort();
          }
        },
      });
      expect(cancelled).toBe(true);
      expect(result.status).toBe('cancelled');
      expect(samplesAfter).toBe(0);
      expect(await labelledLeftovers({ runId })).toEqual({ containers: [], volumes: [] });
    },
    120_000,
  );
});

describe('validity checks fail the sample when the work was not done', () => {
  it('a stale page fails: the edit never reaches the folder the app serves', async () => {
    const host = tempDir('stale');
    const executor = await ContainerExecutor.start({
      docker,
      image,
      name: `mountbench-test-stale-${process.pid}`,
      runId: `test-stale-${process.pid}`,
      mount: { kind: 'bind', source: join(host.path, 'served'), hostRoot: join(host.path, 'served') },
      publish: [PAGE_RELOAD_PORT],
      signal,
    });
    try {
      // A share that does not carry edits: the host writes into a copy the container never sees.
      const elsewhere = join(host.path, 'elsewhere');
      const notCarried = Object.create(executor) as ContainerExecutor;
      notCarried.prepareWorkdir = async (id, fixture, s) => {
        await executor.prepareWorkdir(id, fixture, s);
        await cp(executor.hostPathOf(id)!, join(elsewhere, id), { recursive: true });
      };
      notCarried.hostPathOf = (id) => join(elsewhere, id);
      const workload = workloadById('page-reload');
      if (workload.kind !== 'web-request') throw new Error('page-reload is not a web-request workload');
      await expect(
        measurePageReload(notCarried, backend, workload, 'quick', 0, hooks(), { staleAfterMs: 1500 }),
      ).rejects.toThrow(/still stale .* the app does not see the host's edit/);
    } finally {
      await executor.dispose();
      host.remove();
    }
  }, 120_000);

  it('a page that did not stat every file fails', async () => {
    const host = tempDir('short-page');
    const executor = await ContainerExecutor.start({
      docker,
      image,
      name: `mountbench-test-short-page-${process.pid}`,
      runId: `test-short-page-${process.pid}`,
      mount: { kind: 'bind', source: host.path, hostRoot: host.path },
      publish: [PAGE_RELOAD_PORT],
      signal,
    });
    try {
      const workload = workloadById('page-reload');
      if (workload.kind !== 'web-request') throw new Error('page-reload is not a web-request workload');
      // A source file gone after the lay: the page now reads one file fewer than the app has.
      const laid = Object.create(executor) as ContainerExecutor;
      laid.prepareWorkdir = async (id, fixture, s) => {
        await executor.prepareWorkdir(id, fixture, s);
        rmSync(join(executor.hostPathOf(id)!, 'src/module0/file0.php'));
      };
      await expect(measurePageReload(laid, backend, workload, 'quick', 0, hooks())).rejects.toThrow(
        /stat'ed 99 files of 100/,
      );
    } finally {
      await executor.dispose();
      host.remove();
    }
  }, 120_000);

  it('parallel-read fails when a container did not read every file', async () => {
    const host = tempDir('parallel-missing');
    const executor = await ContainerExecutor.start({
      docker,
      image,
      name: `mountbench-test-parallel-${process.pid}`,
      runId: `test-parallel-${process.pid}`,
      mount: { kind: 'bind', source: host.path, hostRoot: host.path },
      signal,
    });
    try {
      const workload = workloadById('parallel-read');
      if (workload.kind !== 'parallel') throw new Error('parallel-read is not a parallel workload');
      let removed = false;
      // After the warm-up round, one file goes: every reader of the next round reads one short.
      const onSample: MeasureHooks['sample'] = (_case, _index, warmup) => {
        if (!warmup || removed) return;
        rmSync(join(host.path, 'parallel-read', 'files', '7.bin'));
        removed = true;
      };
      await expect(
        measureParallel(executor, backend, workload, 'quick', { runs: 2, warmup: 1 }, hooks(onSample)),
      ).rejects.toThrow(
        new RegExp(
          `container \\d of 4 failed: .*read ${(parallelRead.sizes.quick.files - 1) * 5120} bytes of`,
        ),
      );
      expect(removed).toBe(true);
      // The siblings are gone once the measurer gave up.
      expect(
        (await docker.listContainers({ all: true })).filter((c) =>
          c.Names.some((n) => n.startsWith(`/mountbench-test-parallel-${process.pid}-p`)),
        ),
      ).toEqual([]);
    } finally {
      await executor.dispose();
      host.remove();
    }
  }, 120_000);
});
