// git-status and code-search on the real engine at the quick size, in the tools image: through the
// runner on the native bind mount, a named volume and the FUSE share (bindfs), and the validity
// checks proven to fail inside a container (a dirty tree, a missing match) on bind and on a volume.
// Nothing of dockerode is mocked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFile, WorkloadResult } from '../../src/shared/result-schema';
import { runFileSchema } from '../../src/shared/result-schema';
import type { RunRequest } from '../../src/shared/run-plan';
import { getMachineInfo } from '../../src/core/machine';
import { dockerEngineVariants } from '../../src/core/providers/docker-engine';
import { planBackends } from '../../src/shared/backend-plan';
import { executeRun } from '../../src/core/runner/run';
import { ContainerExecutor, type ContainerMount } from '../../src/core/runner/container-executor';
import { toolsImageFor } from '../../src/core/runner/tools-image';
import { describeGitWorkloads } from '../../src/core/workloads/test-support/git-workloads.suite';
import type { ScriptEnvironment } from '../../src/core/workloads/test-support/workload-scripts.suite';
import { docker, image, labelledLeftovers, tempDir } from './support';

const toolsImage = toolsImageFor(undefined, process.env);
const signal = new AbortController().signal;
const cache = tempDir('git-workloads');
afterAll(() => cache.remove(), 60_000);

const BACKENDS = ['docker-engine/native/bind', 'docker-engine/native/volume', 'docker-engine/fuse/bind'];
const CASES = ['git-status:cold', 'git-status:warm', 'code-search:git-grep', 'code-search:grep-r'];

describe('git-status and code-search through the runner, quick size', () => {
  let result: RunFile;
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
    result = await executeRun({
      runId: 'it-git-workloads',
      request,
      backends: planBackends(request, 'docker-engine', await dockerEngineVariants()),
      docker,
      engine: null,
      image,
      toolsImage,
      machine: await getMachineInfo(),
      appVersion: 'test',
      allowHostCommands: false,
      cacheDir: cache.path,
      signal,
      onEvent: () => undefined,
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
