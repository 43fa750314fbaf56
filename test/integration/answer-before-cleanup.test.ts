// On the real engine: the run's answer (beforeDone, where the app saves it) comes while its
// containers and volume still exist, and once executeRun returns nothing with the run's label is
// left, nor its folder (issue 22, item 4: clean-up after the answer). Nothing of dockerode is mocked.
import { existsSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { RunRequest } from '../../src/shared/run-plan';
import { runWorkDir } from '../../src/core/runner/run';
import { runOnEngine } from './engine-run';
import { labelledLeftovers, tempDir } from './support';

const cache = tempDir('answer-before-cleanup');
afterAll(() => cache.remove());

it('reports the answer before the clean-up, and leaves nothing once it returns', async () => {
  const request: RunRequest = {
    mounts: ['bind', 'volume'],
    workloads: ['dd-write'],
    size: 'quick',
    runs: 2,
    warmup: 0,
  };
  const runId = `20261203-225900-${Math.random().toString(16).slice(2, 8)}`;
  let atAnswer: { status: string; containers: number; volumes: number; folder: boolean } | null = null;
  const run = await runOnEngine(request, {
    runId,
    allowHostCommands: false,
    cacheDir: cache.path,
    beforeDone: async (answered) => {
      const left = await labelledLeftovers({ runId });
      atAnswer = {
        status: answered.status,
        containers: left.containers.length,
        volumes: left.volumes.length,
        folder: existsSync(runWorkDir(cache.path, runId)),
      };
    },
  });
  expect(run.errors).toEqual([]);
  expect(run.results.length).toBe(2);
  // The answer came with both containers and the volume still on the engine ...
  expect(atAnswer).toEqual({ status: 'completed', containers: 2, volumes: 1, folder: true });
  // ... and by the return everything was gone.
  expect(await labelledLeftovers({ runId })).toEqual({ containers: [], volumes: [] });
  expect(existsSync(runWorkDir(cache.path, runId))).toBe(false);
});
