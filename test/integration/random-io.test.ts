// random-io on the real engine at the quick size, in the tools image: fio's random reads and writes
// on a native bind mount, a named volume and the FUSE (bindfs) bind mount, each result valid by
// fio's own count and naming the tools image; and a sample fails when fio does fewer IOs than the
// check asks for (a stand-in whose fio is told half the IOs), so a short run never passes as a fast one.
import { afterAll, describe, expect, it } from 'vitest';
import type { RunFile } from '../../src/shared/result-schema';
import { runFileSchema } from '../../src/shared/result-schema';
import type { RunRequest } from '../../src/shared/run-plan';
import { randomIo, randomIoScript, RANDOM_IO_MODES } from '../../src/core/workloads/random-io';
import { scriptedWorkload, type Workload } from '../../src/core/workloads/workload';
import { runOnEngine } from './engine-run';
import { labelledLeftovers, tempDir, toolsImage } from './support';

const cache = tempDir('random-io');
afterAll(() => cache.remove());

async function run(request: RunRequest, runId: string, standIn?: Workload): Promise<RunFile> {
  return runOnEngine(request, {
    runId,
    toolsImage,
    allowHostCommands: false,
    cacheDir: cache.path,
    ...(standIn ? { workloadsForTests: { 'random-io': standIn } } : {}),
  });
}

const BACKENDS = ['docker-engine/native/bind', 'docker-engine/native/volume', 'docker-engine/fuse/bind'];

describe('random-io, quick size, in the tools image', () => {
  it('reads and writes at random on bind, volume and the FUSE share, valid by fio’s count', async () => {
    const result = await run(
      {
        mounts: ['bind', 'volume'],
        variants: ['native', 'fuse'],
        workloads: ['random-io'],
        size: 'quick',
        runs: 2,
        warmup: 0,
      },
      'it-random-io',
    );
    expect(result.errors).toEqual([]);
    expect(runFileSchema.safeParse(result).success).toBe(true);
    for (const backendId of BACKENDS) {
      for (const mode of RANDOM_IO_MODES) {
        const found = result.results.find((r) => r.backend.id === backendId && r.workload.case === mode);
        expect(found, `${mode} on ${backendId}`).toBeDefined();
        expect(found!.image).toBe(toolsImage);
        expect(found!.opsPerSample).toBe(randomIo.sizes.quick.ios);
        expect(found!.stats.samples).toHaveLength(2);
        expect(found!.derived.iops).toBeGreaterThan(0);
      }
    }
    const fuse = result.results.find((r) => r.backend.id === 'docker-engine/fuse/bind');
    expect(fuse?.fsType).toMatch(/fuse/);
    expect(await labelledLeftovers({ runId: 'it-random-io' })).toEqual({ containers: [], volumes: [] });
  });

  it('fails the sample when fio does fewer IOs than asked', async () => {
    const { fileBytes, ios } = randomIo.sizes.quick;
    // fio is told half the IOs; the check still asks for all of them.
    const short = scriptedWorkload({
      ...randomIo,
      cases: () =>
        RANDOM_IO_MODES.map((mode) => ({
          id: mode,
          script: randomIoScript(fileBytes, ios / 2, mode, ios),
          opsPerSample: ios,
          repeatable: false,
          derive: () => ({}),
        })),
    });
    const result = await run(
      {
        mounts: ['volume'],
        variants: ['native'],
        workloads: ['random-io'],
        size: 'quick',
        runs: 2,
        warmup: 0,
      },
      'it-random-io-short',
      short,
    );
    expect(result.results).toEqual([]);
    expect(result.errors.map((e) => e.message).join('\n')).toMatch(
      new RegExp(`fio issued ${ios / 2} reads, ${ios} were asked`),
    );
    expect(await labelledLeftovers({ runId: 'it-random-io-short' })).toEqual({ containers: [], volumes: [] });
  });
});
