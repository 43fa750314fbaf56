// Sample methods and batching on the real engine (issue 22): dd-write runs back to back by default
// (the published method) and records it; a short repeatable workload is batched and its figures
// are per execution; a spaced writing workload is never batched. Nothing of dockerode is mocked.
import { afterAll, describe, expect, it } from 'vitest';
import { runFileSchema, type RunFile, type WorkloadResult } from '../../src/shared/result-schema';
import type { RunRequest } from '../../src/shared/run-plan';
import { runOnEngine } from './engine-run';
import { tempDir } from './support';

const cache = tempDir('sample-shape');
afterAll(() => cache.remove());

function only(run: RunFile, workloadId: string): WorkloadResult {
  const found = run.results.filter((r) => r.workload.id === workloadId);
  expect(found, JSON.stringify(run.errors)).toHaveLength(1);
  return found[0];
}

const base: RunRequest = {
  mounts: ['tmpfs'],
  variants: ['native'],
  workloads: ['small-file-read', 'dd-write'],
  size: 'quick',
  runs: 3,
  warmup: 1,
};

describe('sample methods and batching', () => {
  it('runs dd-write back to back by default and batches a short read, per execution', async () => {
    const file = await runOnEngine(base, { runId: 'it-sample-default', cacheDir: cache.path });
    expect(file.errors).toEqual([]);
    expect(runFileSchema.safeParse(JSON.parse(JSON.stringify(file))).success).toBe(true);
    const dd = only(file, 'dd-write');
    expect(dd.sampleMethod).toBe('back-to-back');
    const read = only(file, 'small-file-read');
    expect(read.sampleMethod).toBe('spaced');
    // 5,000 cached 5 KiB files on tmpfs take milliseconds: far under the target, so batched.
    expect(read.executionsPerSample).toBeGreaterThanOrEqual(2);
    expect(Number.isInteger(read.executionsPerSample)).toBe(true);
    expect(read.stats.samples).toHaveLength(3);
  });

  it('measures spaced when asked, and never batches writes that must start apart', async () => {
    const file = await runOnEngine(
      { ...base, workloads: ['dd-write'], sampleMethod: 'spaced' },
      { runId: 'it-sample-spaced', cacheDir: cache.path },
    );
    expect(file.errors).toEqual([]);
    const dd = only(file, 'dd-write');
    expect(dd.sampleMethod).toBe('spaced');
    expect(dd.executionsPerSample).toBeUndefined();
  });
});
