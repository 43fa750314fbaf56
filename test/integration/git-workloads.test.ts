// git-status and code-search on the real engine at the quick size, in the tools image: through the
// runner on the native bind mount, a named volume and the FUSE share (bindfs), and the validity
// checks proven to fail inside a container (a dirty tree, a missing match) on bind and on a volume.
// code-search only reads: its one host copy, shared by both bind backends, is the same to the byte
// and the nanosecond from the first backend's commit to the last sample. Nothing of dockerode is mocked.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFile, WorkloadResult } from '../../src/shared/result-schema';
import { runFileSchema } from '../../src/shared/result-schema';
import type { RunRequest } from '../../src/shared/run-plan';
import { runWorkDir } from '../../src/core/runner/run';
import type { RunEvent } from '../../src/shared/run-events';
import { ContainerExecutor, type ContainerMount } from '../../src/core/runner/container-executor';
import { toolsImageFor } from '../../src/core/runner/tools-image';
import { describeGitWorkloads } from '../../src/core/workloads/test-support/git-workloads.suite';
import type { ScriptEnvironment } from '../../src/core/workloads/test-support/workload-scripts.suite';
import { runOnEngine } from './engine-run';
import { docker, labelledLeftovers, tempDir } from './support';

const toolsImage = toolsImageFor(undefined, process.env);
const signal = new AbortController().signal;
const cache = tempDir('git-workloads');
afterAll(() => cache.remove(), 60_000);

const BACKENDS = ['docker-engine/native/bind', 'docker-engine/native/volume', 'docker-engine/fuse/bind'];
const CASES = ['git-status:cold', 'git-status:warm', 'code-search:git-grep', 'code-search:grep-r'];

/** Every entry of a tree, .git included: path, kind, size, mtime and ctime in ns, content digest. */
function treeDigest(root: string): { entries: number; digest: string } {
  const hash = createHash('sha256');
  let entries = 0;
  const names = (readdirSync(root, { recursive: true }) as string[]).sort();
  for (const name of ['', ...names]) {
    const path = join(root, name);
    const s = lstatSync(path, { bigint: true });
    const content = s.isFile() ? createHash('sha256').update(readFileSync(path)).digest('hex') : '-';
    hash.update(`${name} ${s.isDirectory() ? 'd' : 'f'} ${s.size} ${s.mtimeNs} ${s.ctimeNs} ${content}\n`);
    entries++;
  }
  return { entries, digest: hash.digest('hex') };
}

describe('git-status and code-search through the runner, quick size', () => {
  let result: RunFile;
  /** code-search's shared copy, seen at each of its events once the first backend has committed it. */
  const sharedStates: { at: string; entries: number; digest: string }[] = [];
  /** Files of code-search in each backend's own folder, at its first sample. */
  let ownCopies: number[] | null = null;
  const runDir = () => runWorkDir(cache.path, 'it-git-workloads');
  const watchSharedCopy = (event: RunEvent) => {
    const at =
      event.type === 'phase' && event.workloadId === 'code-search'
        ? `${event.backendId} ${event.phase}`
        : event.type === 'workload-done' && event.result.workload.id === 'code-search'
          ? `done ${event.result.backend.id} ${event.result.workload.case}`
          : null;
    const shared = join(runDir(), 'shared', 'code-search');
    if (!at || !existsSync(join(shared, '.git', 'HEAD'))) return;
    sharedStates.push({ at, ...treeDigest(shared) });
    if (ownCopies || !at.endsWith(' timed')) return;
    ownCopies = readdirSync(runDir())
      .filter((f) => f.startsWith('backend-'))
      .map((f) => join(runDir(), f, 'data', 'code-search'))
      .map((dir) =>
        existsSync(dir)
          ? (readdirSync(dir, { recursive: true, withFileTypes: true }) as { isFile(): boolean }[]).filter(
              (e) => e.isFile(),
            ).length
          : 0,
      );
  };
  const find = (backendId: string, key: string): WorkloadResult => {
    const [id, workloadCase] = key.split(':');
    const found = result.results.find(
      (r) => r.backend.id === backendId && r.workload.id === id && r.workload.case === workloadCase,
    );
    if (!found) throw new Error(`no ${key} on ${backendId}; errors: ${JSON.stringify(result.errors)}`);
    return found;
  };

  beforeAll(async () => {
    const request: RunRequest = {
      mounts: ['bind', 'volume'],
      variants: ['native', 'fuse'],
      workloads: ['git-status', 'code-search'],
      size: 'quick',
      runs: 2,
      warmup: 1,
      toolsImage,
    };
    result = await runOnEngine(request, {
      runId: 'it-git-workloads',
      toolsImage,
      allowHostCommands: false,
      cacheDir: cache.path,
      onEvent: watchSharedCopy,
    });
  }, 600_000);

  it('runs without errors, writes a valid result file and leaves nothing behind', async () => {
    expect(result.errors).toEqual([]);
    expect(runFileSchema.safeParse(result).success).toBe(true);
    expect(await labelledLeftovers({ runId: 'it-git-workloads' })).toEqual({ containers: [], volumes: [] });
  });

  it('gives every backend every case, run in the tools image, on the file system it says', () => {
    for (const backend of BACKENDS) {
      for (const key of CASES) {
        const r = find(backend, key);
        expect(r.stats.samples, `${backend} ${key}`).toHaveLength(2);
        expect(r.stats.min).toBeGreaterThan(0);
        expect(r.image).toBe(toolsImage);
        if (backend.startsWith('docker-engine/fuse')) expect(r.fsType).toMatch(/^fuse/);
        else expect(r.fsType).not.toMatch(/^fuse/);
      }
    }
  });

  it('lays code-search once for both bind backends: committed by the first, then unchanged by the others and by every sample', () => {
    // After both bind backends' preparations (each calibrates once it has checked the fixture).
    for (const backend of BACKENDS.filter((b) => b.endsWith('/bind')))
      expect(sharedStates.map((s) => s.at)).toContain(`${backend} calibrate`);
    // After the last sample of each case.
    expect(sharedStates.at(-1)?.at).toMatch(/^done /);
    expect(sharedStates[0].entries).toBeGreaterThan(2_000);
    expect(new Set(sharedStates.map((s) => s.digest)).size, JSON.stringify(sharedStates)).toBe(1);
    // No backend laid a copy of its own: the bind backends' folders are mount points, the volume's is in the volume.
    expect(ownCopies).not.toBeNull();
    expect(ownCopies!.every((n) => n === 0)).toBe(true);
  });
});

function containerEnvironment(kind: 'bind' | 'volume'): () => ScriptEnvironment {
  const host = tempDir(`git-${kind}`);
  let executor: ContainerExecutor | null = null;
  beforeAll(async () => {
    const mount: ContainerMount =
      kind === 'bind'
        ? { kind: 'bind', source: host.path, hostRoot: host.path }
        : { kind: 'volume', volumeName: `mountbench-test-git-${process.pid}` };
    executor = await ContainerExecutor.start({
      docker,
      image: toolsImage,
      name: `mountbench-test-git-${kind}-${process.pid}`,
      runId: `test-git-${kind}`,
      mount,
      signal,
    });
  }, 120_000);
  afterAll(async () => {
    await executor?.dispose();
    host.remove();
  }, 120_000);
  return () => ({
    async lay(workload, params) {
      if (!executor) throw new Error('the tools container did not start');
      const bench = executor;
      await bench.prepareWorkdir(workload.id, workload.fixture(params), signal);
      const dir = bench.workdir(workload.id);
      return (script) => bench.run(`cd ${dir} || exit 97\n${script}`, signal);
    },
  });
}

describeGitWorkloads(
  'the tools image, fixture laid on a bind-mounted host folder',
  containerEnvironment('bind'),
);
describeGitWorkloads('the tools image, fixture streamed into a named volume', containerEnvironment('volume'));
