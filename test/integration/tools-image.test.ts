// The tools-image seam on the real engine: a tiny workload needing git (standing in for dd-write,
// before the real git workloads exist) runs in containers made from the tools image on a native
// bind mount, a named volume and the FUSE (bindfs) bind mount, makes a real repository on each,
// and the result file names the tools image for it and the bench image for a BusyBox workload.
// The same script in the bench image fails: proof the tools image is where it ran.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFile } from '../../src/shared/result-schema';
import { runFileSchema } from '../../src/shared/result-schema';
import type { RunRequest } from '../../src/shared/run-plan';
import { scriptedWorkload } from '../../src/core/workloads/workload';
import { runOnEngine } from './engine-run';
import { image, labelledLeftovers, tempDir, toolsImage } from './support';

const cache = tempDir('tools-image');
afterAll(() => cache.remove());

/** Makes a repository with one commit in the workload folder: git must really run on the share. */
const GIT_INIT = scriptedWorkload({
  id: 'dd-write',
  title: 'git init and commit',
  description: 'git init, add and commit one file: proves the workload runs where git is.',
  sizes: { quick: {}, default: {} },
  sizeWords: () => 'one commit',
  cost: () => ({ cases: 1, perExecution: 0.05, fixture: 0 }),
  fixture: () => null,
  resetScript: () => 'rm -rf repo',
  script: () =>
    [
      'git init -q repo',
      'echo hello > repo/file.txt',
      'git -C repo add file.txt',
      'git -C repo -c user.name=mb -c user.email=mb@example.invalid commit -q -m one',
      // Valid only when the commit holds the file: the work was done.
      'test "$(git -C repo ls-files)" = file.txt',
    ].join('\n'),
  derive: () => ({}),
  writes: true,
  needsTools: ['git'],
});

async function run(request: RunRequest, runId: string, tools: string): Promise<RunFile> {
  return runOnEngine(request, {
    runId,
    toolsImage: tools,
    allowHostCommands: false,
    cacheDir: cache.path,
    workloadsForTests: { 'dd-write': GIT_INIT },
  });
}

const REQUEST: RunRequest = {
  mounts: ['bind', 'volume'],
  variants: ['native', 'fuse'],
  workloads: ['dd-write', 'metadata-walk'],
  size: 'quick',
  runs: 2,
  warmup: 0,
};
const BACKENDS = ['docker-engine/native/bind', 'docker-engine/native/volume', 'docker-engine/fuse/bind'];

describe('a workload needing git runs in the tools image', () => {
  let result: RunFile;
  beforeAll(async () => {
    result = await run(REQUEST, 'it-tools-image', toolsImage);
  });

  it('runs on bind, volume and the FUSE share, and the result names the image each workload ran in', async () => {
    expect(result.errors).toEqual([]);
    expect(runFileSchema.safeParse(result).success).toBe(true);
    for (const backendId of BACKENDS) {
      const of = (id: string) =>
        result.results.find((r) => r.backend.id === backendId && r.workload.id === id);
      expect(of('dd-write')?.image, backendId).toBe(toolsImage);
      expect(of('dd-write')?.stats.samples).toHaveLength(2);
      expect(of('metadata-walk')?.image, backendId).toBe(image);
    }
    expect(result.results.find((r) => r.backend.id === 'docker-engine/fuse/bind')?.fsType).toMatch(/fuse/);
    expect(await labelledLeftovers({ runId: 'it-tools-image' })).toEqual({ containers: [], volumes: [] });
  });

  it('loses only the workloads needing tools when the tools image cannot be got, each with the reason', async () => {
    const missing = `mountbench-test/no-such-tools:${process.pid}`;
    const partial = await run(
      { ...REQUEST, mounts: ['volume'], variants: ['native'] },
      'it-tools-image-missing',
      missing,
    );
    expect(partial.status).toBe('completed');
    expect(partial.results.map((r) => r.workload.id)).toEqual(['metadata-walk']);
    expect(partial.errors).toMatchObject([
      { workloadId: 'dd-write', code: 'IMAGE_UNAVAILABLE', message: expect.stringContaining(missing) },
    ]);
    expect(await labelledLeftovers({ runId: 'it-tools-image-missing' })).toEqual({
      containers: [],
      volumes: [],
    });
  });

  it('fails the samples when the same script runs in the bench image, which has no git', async () => {
    const inBench = await run(
      { ...REQUEST, mounts: ['volume'], variants: ['native'] },
      'it-tools-image-bench',
      image,
    );
    expect(inBench.results.filter((r) => r.workload.id === 'dd-write')).toEqual([]);
    expect(inBench.errors).toMatchObject([
      { backendId: 'docker-engine/native/volume', workloadId: 'dd-write' },
    ]);
    expect(await labelledLeftovers({ runId: 'it-tools-image-bench' })).toEqual({
      containers: [],
      volumes: [],
    });
  });
});
