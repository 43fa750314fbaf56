// `mountbench sweep --race` on the real engine: each setting's run races with the run's own rule,
// so the plain engine's native and FUSE bind mounts, each alone in its setting's run, take the
// lone-backend samples (at least 10) and the sweep ends on a decided answer for the source tree.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LONE_MIN_SAMPLES } from '../../src/shared/race-samples';
import { runFileSchema } from '../../src/shared/result-schema';
import { findUnfinishedJournals } from '../../src/core/journal';
import { fuseMountsBelow, labelledLeftovers, tempDir } from './support';
import { mountbenchChild } from '../support/mountbench-cli';

const root = tempDir('sweep-race');
afterAll(() => root.remove());
const env = {
  ...process.env,
  MOUNTBENCH_DATA_DIR: join(root.path, 'data'),
  MOUNTBENCH_CACHE_DIR: join(root.path, 'cache'),
};

describe('mountbench sweep --race (real engine)', () => {
  it("races each setting's run: both bind mounts take the lone backend's samples, and the source tree is decided", async () => {
    const out = await mountbenchChild(
      [
        'sweep',
        '--provider',
        'docker-engine',
        '--variants',
        'native,fuse',
        '--mount',
        'bind',
        '--workload',
        'dd-write',
        '--size',
        'quick',
        '--warmup',
        '0',
        '--race',
        '--max-runs',
        '12',
        // The race within each setting is the property here; the bracket has its own test.
        '--single-pass',
        '--yes',
      ],
      env,
    );
    expect(out.code, out.stderr).toBe(0);
    const files = readdirSync(join(root.path, 'data', 'results'));
    expect(files).toHaveLength(1);
    const run = runFileSchema.parse(
      JSON.parse(readFileSync(join(root.path, 'data', 'results', files[0]), 'utf8')),
    );
    expect(run.results.map((r) => r.backend.id).sort()).toEqual([
      'docker-engine/fuse/bind',
      'docker-engine/native/bind',
    ]);
    // Each bind mount raced nobody in its own setting's run: it took the lone backend's least
    // samples, not the race's minimum of 3, and never more than the cap.
    for (const result of run.results) {
      expect(result.stats.runs).toBeGreaterThanOrEqual(LONE_MIN_SAMPLES);
      expect(result.stats.runs).toBeLessThanOrEqual(12);
    }
    expect(run.race).toBeDefined();
    // The answer for the source tree, across the two settings: native over FUSE, decided.
    const last = out.stdout.trimEnd().split('\n').slice(-15).join('\n');
    expect(last).toMatch(/^ {2}source tree: use '[^']*native[^']*': fastest, measurably/m);
    expect(await findUnfinishedJournals(join(root.path, 'data'))).toEqual([]);
    expect(fuseMountsBelow(root.path)).toEqual([]);
    expect(await labelledLeftovers({ ownerPid: out.pid })).toEqual({ containers: [], volumes: [] });
  });
});
