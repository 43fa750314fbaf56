// The user's own project as the benchmark, on the real engine: the dependency folder in a named
// volume measured beside the plain bind mount, and cold-cache mode shown to empty the page cache.
// This machine's engine shares the host's kernel, so the cold-cache tests drop the host's cache
// (the `host-kernel` opt-in); fincore (util-linux) reads which pages of a file are resident.
import { execFileSync, spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunFile } from '../../src/shared/result-schema';
import type { RunRequest } from '../../src/shared/run-plan';
import type { RunEvent } from '../../src/shared/run-events';
import type Dockerode from 'dockerode';
import { dropPageCache } from '../../src/core/runner/cold-cache';
import {
  helperContainerOptions,
  helperImageFor,
  PINNED_HELPER_IMAGE,
} from '../../src/core/runner/cold-cache-helper';
import { ensureImage } from '../../src/core/runner/image';
import { prepareRun } from '../../src/core/runner/prepare-run';
import { runPrepared } from './engine-run';
import { docker, image, labelledLeftovers, tempDir } from './support';
import { testHelperImage } from './helper-image';

const cache = tempDir('my-project');
afterAll(() => cache.remove());

/** Through prepareRun, as the CLI and the app go: the engine's own facts decide cold-cache mode. */
async function run(
  request: RunRequest,
  runId: string,
  onEvent: (e: RunEvent) => void = () => {},
): Promise<RunFile> {
  const prepared = await prepareRun({ ...request, image });
  return runPrepared(prepared, { runId, cacheDir: cache.path, env: helperEnv(), onEvent });
}

/** This machine cannot pull the pinned helper image: the test builds one and names it by id. */
function helperEnv(): NodeJS.ProcessEnv {
  return { ...process.env, MOUNTBENCH_HELPER_IMAGE: testHelperImage() };
}

/** The images of the cold-cache helpers the engine created for a run, as the engine reports them. */
async function helperCreations(runId: string): Promise<{ images: string[]; stop(): void }> {
  const images: string[] = [];
  const stream = (await docker.getEvents({
    filters: { type: ['container'], event: ['create'], label: [`mountbench.run=${runId}`] },
  })) as NodeJS.ReadableStream & { destroy(): void };
  let buffered = '';
  stream.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const event = JSON.parse(buffered.slice(0, nl)) as { Actor: { Attributes: Record<string, string> } };
      buffered = buffered.slice(nl + 1);
      if (event.Actor.Attributes.name.includes('drop-caches')) images.push(event.Actor.Attributes.image);
    }
  });
  stream.on('error', () => {});
  return { images, stop: () => stream.destroy() };
}

function readWhole(path: string): void {
  execFileSync('dd', [`if=${path}`, 'of=/dev/null', 'bs=1M', 'status=none']);
}

/** Resident bytes of a file in the page cache, as fincore reports them. */
function residentBytes(path: string): number {
  const out = execFileSync('fincore', ['--bytes', '--noheadings', '--output', 'RES', path]).toString();
  return Number(out.trim());
}

describe("the project's copy", () => {
  it("is out of other users' reach while it runs (run folders 0700), in a container with Docker's default capabilities only", async () => {
    const project = tempDir('secret-project');
    writeFileSync(join(project.path, '.env'), 'SECRET=hunter2\n', { mode: 0o644 });
    const runId = 'it-private-copy';
    const seen: { runs: number; run: number; copies: string[] }[] = [];
    const inspections: Promise<Dockerode.ContainerInspectInfo[]>[] = [];
    const look = () => {
      // Every container of the run, from the user's image: nothing beyond Docker's defaults.
      inspections.push(
        docker
          .listContainers({ filters: { label: [`mountbench.run=${runId}`] } })
          .then((list) => Promise.all(list.map((c) => docker.getContainer(c.Id).inspect()))),
      );
      const runDir = join(cache.path, 'runs', runId);
      seen.push({
        runs: statSync(join(cache.path, 'runs')).mode & 0o777,
        run: statSync(runDir).mode & 0o777,
        copies: readdirSync(runDir, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.env')),
      });
    };
    try {
      const result = await run(
        {
          mounts: ['bind'],
          workloads: ['custom'],
          size: 'quick',
          runs: 1,
          warmup: 0,
          custom: { command: 'grep -q SECRET .env', folder: project.path },
        },
        runId,
        (event) => {
          if (event.type === 'phase' && event.phase === 'timed') look();
        },
      );
      expect(result.errors).toEqual([]);
      expect(seen.length).toBeGreaterThan(0);
      for (const s of seen) {
        expect(s).toMatchObject({ runs: 0o700, run: 0o700 });
        expect(s.copies.length).toBeGreaterThan(0);
      }
      const containers = (await Promise.all(inspections)).flat();
      expect(containers.length).toBeGreaterThan(0);
      for (const c of containers) {
        expect(c.HostConfig.CapAdd ?? []).toEqual([]);
        expect(c.HostConfig.Privileged).toBe(false);
        expect(c.HostConfig.SecurityOpt ?? []).toEqual([]);
      }
    } finally {
      project.remove();
    }
  });
});

describe('two benchmarks at once', () => {
  it('each figure is warned about while another live Mountbench run measures from the same cache; a dead one is not', async () => {
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    const otherDir = join(cache.path, 'runs', 'it-other-live');
    const deadDir = join(cache.path, 'runs', 'it-other-dead');
    mkdirSync(otherDir, { recursive: true });
    mkdirSync(deadDir, { recursive: true });
    writeFileSync(join(otherDir, 'owner'), `${hostname()}:${other.pid}`);
    writeFileSync(join(deadDir, 'owner'), `${hostname()}:999999999`);
    const request: RunRequest = {
      mounts: ['tmpfs'],
      workloads: ['custom'],
      size: 'quick',
      runs: 1,
      warmup: 0,
      custom: { command: 'true' },
    };
    try {
      const together = await run(request, 'it-concurrent');
      expect(together.results.length).toBeGreaterThan(0);
      for (const result of together.results)
        expect(result.warnings).toContain(
          `another Mountbench run (process ${other.pid}) was measuring on this machine at the same time: the two shared the disk and the CPU, so these figures are slower than this machine alone gives; run one benchmark at a time`,
        );
    } finally {
      other.kill('SIGKILL');
    }
    await new Promise((resolve) => other.once('exit', resolve));
    const alone = await run(request, 'it-alone');
    for (const result of alone.results)
      expect(result.warnings.join(' ')).not.toMatch(/another Mountbench run/);
  });
});

describe('the dependency folder split', () => {
  it('measures the project with node_modules in a named volume beside the plain bind mount', async () => {
    const project = tempDir('deps-project');
    mkdirSync(join(project.path, 'src'));
    mkdirSync(join(project.path, 'node_modules', 'left-pad'), { recursive: true });
    for (let i = 0; i < 40; i++)
      writeFileSync(join(project.path, 'src', `m${i}.js`), `require('left-pad');\n`);
    for (let i = 0; i < 120; i++)
      writeFileSync(join(project.path, 'node_modules', 'left-pad', `f${i}.js`), `module.exports = ${i};\n`);
    const runId = 'it-deps-split';
    const mountChecks: Promise<string[]>[] = [];
    const mountsOf = async (): Promise<string[]> => {
      const containers = await docker.listContainers({ filters: { label: [`mountbench.run=${runId}`] } });
      return containers.flatMap((c) => c.Mounts.map((m) => `${m.Type} ${m.Destination}`));
    };
    try {
      const result = await run(
        {
          mounts: ['bind'],
          workloads: ['custom'],
          size: 'quick',
          runs: 3,
          warmup: 0,
          custom: {
            // Fails unless the whole project, dependencies included, is there in both variants.
            command:
              '[ "$(find src -type f | wc -l)" -eq 40 ] && [ "$(find node_modules -type f | wc -l)" -eq 120 ] && cat src/* node_modules/left-pad/* > /dev/null',
            folder: project.path,
            dependencyFolder: 'node_modules',
          },
        },
        runId,
        (event) => {
          // While the run goes on, read what the engine mounted where.
          if (event.type === 'sample' && event.index === 0 && !event.warmup) mountChecks.push(mountsOf());
        },
      );
      expect(result.errors).toEqual([]);
      const ids = result.results.map((r) => r.backend.id);
      expect(ids).toEqual(['docker-engine/native/bind', 'docker-engine/native/bind+node_modules-volume']);
      const split = result.results[1];
      expect(split.backend.dependencyVolume).toBe('node_modules');
      expect(split.backend.label).toMatch(/node_modules in a named volume/);
      expect(split.firstRun).toBeDefined();
      // The verdict the recommendation quotes, side by side with the plain one, in the result file.
      expect(result.dependencySplit).toEqual([
        expect.objectContaining({
          folder: 'node_modules',
          plain: 'docker-engine/native/bind',
          split: 'docker-engine/native/bind+node_modules-volume',
        }),
      ]);
      expect(result.dependencySplit![0].speedup).not.toBeNull();
      const seen = (await Promise.all(mountChecks)).flat();
      expect(seen).toContain('volume /bench/custom/node_modules');
      expect(seen).toContain('bind /bench');
      // The user's folder is only ever copied.
      expect(readdirSync(project.path).sort()).toEqual(['node_modules', 'src']);
      expect(await labelledLeftovers({ runId })).toEqual({ containers: [], volumes: [] });
    } finally {
      project.remove();
    }
  });
});

describe("cold-cache mode on this machine's engine (drops the host's page cache: host-kernel opt-in)", () => {
  it('a file read twice stays cached; after the helper container runs, none of it is cached', async () => {
    const dir = tempDir('cold-cache');
    const file = join(dir.path, 'large.bin');
    try {
      execFileSync('dd', ['if=/dev/urandom', `of=${file}`, 'bs=1M', 'count=64', 'status=none']);
      const size = 64 * 1024 * 1024;
      readWhole(file);
      readWhole(file);
      // Warm: the second read found (and left) the file in the page cache.
      expect(residentBytes(file)).toBeGreaterThan(size / 2);
      await dropPageCache(docker, 'it-cold-cache', new AbortController().signal, { env: helperEnv() });
      // Cold: what the next read would have to fetch from disk again. Another process may touch a
      // page of it meanwhile, never half of it.
      expect(residentBytes(file)).toBeLessThan(size / 8);
      readWhole(file);
      expect(residentBytes(file)).toBeGreaterThan(size / 2);
      expect(await labelledLeftovers({ runId: 'it-cold-cache' })).toEqual({ containers: [], volumes: [] });
    } finally {
      dir.remove();
    }
  });

  it('the helper holds nothing: the pinned image, no capability, no network, read-only, only drop_caches writable', async () => {
    let inspected: Dockerode.ContainerInspectInfo | undefined;
    let wrote: unknown;
    await dropPageCache(docker, 'it-cold-cache-helper', new AbortController().signal, {
      env: helperEnv(),
      onCreated: async (id) => {
        inspected = await docker.getContainer(id).inspect();
      },
    });
    const info = inspected as Dockerode.ContainerInspectInfo;
    const host = info.HostConfig as Dockerode.HostConfig & { ReadonlyPaths?: string[] | null };
    expect(info.Image).toBe(testHelperImage());
    expect(host.CapAdd ?? []).toEqual([]);
    expect(host.CapDrop).toEqual(['ALL']);
    expect(host.Privileged).toBe(false);
    expect(host.NetworkMode).toBe('none');
    expect(host.ReadonlyRootfs).toBe(true);
    expect(host.SecurityOpt).toEqual(['no-new-privileges']);
    // /proc/sys stays read-only as Docker makes it (the engine fills its defaults in), and the one
    // bind mount is the kernel's drop_caches file.
    if (host.ReadonlyPaths) expect(host.ReadonlyPaths).toContain('/proc/sys');
    expect(info.Mounts.map((m) => [m.Source, m.RW])).toEqual([['/proc/sys/vm/drop_caches', true]]);
    expect(info.Config.Entrypoint).toEqual(['sh', '-c']);
    expect(await labelledLeftovers({ runId: 'it-cold-cache-helper' })).toEqual({
      containers: [],
      volumes: [],
    });

    // What the image could try beyond its one write, run under the same options: the kernel's other
    // settings stay out of reach (core_pattern is only read, never written, by this test).
    const probe = await docker.createContainer({
      ...helperContainerOptions(testHelperImage(), `mountbench-it-helper-probe-${process.pid}`, {}),
      Cmd: [
        'touch /proc/sys/kernel/core_pattern; echo core=$?; touch /etc/x; echo root=$?; wget -T 2 http://127.0.0.1:1/ 2>/dev/null; echo net=$?',
      ],
    });
    try {
      await probe.start();
      await probe.wait();
      wrote = String(await probe.logs({ stdout: true, stderr: true })).replace(/[^\x20-\x7e\n]/g, '');
    } finally {
      await probe.remove({ force: true });
    }
    expect(wrote).toMatch(/core=1/);
    expect(wrote).toMatch(/root=1/);
    expect(wrote).toMatch(/net=1/);
  });

  it('the helper image is the pinned one whatever the bench image is, and not pulled from a name', async () => {
    expect(helperImageFor({})).toBe(PINNED_HELPER_IMAGE);
    expect(PINNED_HELPER_IMAGE).toMatch(/@sha256:[0-9a-f]{64}$/);
    expect(() => helperImageFor({ MOUNTBENCH_HELPER_IMAGE: image })).toThrow(/by its content/);
    const seen = await helperCreations('it-cold-cache-image');
    try {
      const result = await run(
        {
          mounts: ['tmpfs'],
          workloads: ['custom'],
          size: 'quick',
          runs: 1,
          warmup: 0,
          coldCache: 'host-kernel',
          custom: { command: 'true' },
        },
        'it-cold-cache-image',
      );
      expect(result.errors).toEqual([]);
      expect(result.image).toBe(image);
    } finally {
      seen.stop();
    }
    expect(seen.images.length).toBeGreaterThan(0);
    expect(new Set(seen.images)).toEqual(new Set([testHelperImage()]));
  });

  it('a run in cold-cache mode says so on every container figure, not on the host baseline', async () => {
    const request: RunRequest = {
      mounts: ['bind', 'host'],
      workloads: ['custom'],
      size: 'quick',
      runs: 2,
      warmup: 1,
      coldCache: 'host-kernel',
      custom: { command: 'dd if=/dev/zero of=f bs=1024 count=256 2>/dev/null && cat f > /dev/null' },
    };
    const result = await run(request, 'it-cold-cache-run');
    expect(result.errors).toEqual([]);
    expect(result.results.map((r) => [r.backend.id, r.coldCache ?? 'warm'])).toEqual([
      ['docker-engine/native/bind', 'host-kernel'],
      ['host', 'warm'],
    ]);
    expect(await labelledLeftovers({ runId: 'it-cold-cache-run' })).toEqual({ containers: [], volumes: [] });
  });

  it('is refused, with the reason, in the vm mode: this engine is not a VM but the host itself', async () => {
    await expect(
      prepareRun({
        mounts: ['bind'],
        workloads: ['dd-write'],
        size: 'quick',
        runs: 1,
        warmup: 0,
        coldCache: 'vm',
      }),
    ).rejects.toThrow(/cold-cache mode refused: this engine runs on this machine's own kernel/);
  });
});

describe("the project's image", () => {
  it('an image already on the engine is not pulled: no progress at all', async () => {
    const progress: unknown[] = [];
    await ensureImage(docker, image, new AbortController().signal, (p) => progress.push(p), 'custom');
    expect(progress).toEqual([]);
  });

  it('a pull that fails says why, and the run stops before anything is created', async () => {
    // No registry answers here, and the name is unpullable anywhere: the engine's reason comes back.
    const missing = 'mountbench-test/no-such-project-image:never';
    const events: RunEvent[] = [];
    const runId = 'it-missing-image';
    const result = await run(
      {
        mounts: ['bind'],
        workloads: ['custom'],
        size: 'quick',
        runs: 1,
        warmup: 0,
        custom: { command: 'true', image: missing },
      },
      runId,
      (e) => events.push(e),
    );
    expect(result.status).toBe('failed');
    expect(result.results).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].code).toBe('IMAGE_UNAVAILABLE');
    expect(result.errors[0].message).toMatch(
      /^could not pull the image of your project mountbench-test\/no-such-project-image:never: \S.+ Nothing was run\./,
    );
    // Nothing half-configured: no backend started, no container or volume made.
    expect(events.filter((e) => e.type === 'backend-started')).toEqual([]);
    expect(await labelledLeftovers({ runId })).toEqual({ containers: [], volumes: [] });
  });
});
