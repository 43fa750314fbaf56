// Every workload on every mount of the local engine at the quick size, for real, and the
// recommendation on real measurements. Figures are checked for sanity and for what they ran on, never
// for how fast they were, except where the difference is two orders of magnitude (FUSE vs native).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFile, WorkloadResult } from '../../src/shared/result-schema';
import { runFileSchema } from '../../src/shared/result-schema';
import { rowsFromRun } from '../../src/core/compare';
import { profileByName, recommend, rankWorkload } from '../../src/core/recommend';
import { runOnEngine } from './engine-run';
import { image, labelledLeftovers, tempDir } from './support';

const cache = tempDir('workloads');
afterAll(() => cache.remove());

const BACKENDS = [
  'docker-engine/native/bind',
  'docker-engine/native/volume',
  'docker-engine/native/tmpfs',
  'docker-engine/native/layer',
  'docker-engine/fuse/bind',
  'host',
];
const HOST_WRITABLE = ['docker-engine/native/bind', 'docker-engine/fuse/bind', 'host'];

describe('every workload on every mount, quick size', () => {
  let result: RunFile;
  const find = (backendId: string, key: string): WorkloadResult => {
    const [id, workloadCase] = key.split(':');
    const found = result.results.find(
      (r) =>
        r.backend.id === backendId && r.workload.id === id && (r.workload.case ?? undefined) === workloadCase,
    );
    if (!found) throw new Error(`no ${key} on ${backendId}; errors: ${JSON.stringify(result.errors)}`);
    return found;
  };

  beforeAll(async () => {
    result = await runOnEngine(
      {
        mounts: ['bind', 'volume', 'tmpfs', 'layer', 'host'],
        variants: ['native', 'fuse'],
        workloads: ['large-write', 'buffered-read', 'site-build', 'metadata-walk', 'sync-latency'],
        size: 'quick',
        runs: 2,
        warmup: 1,
      },
      { runId: 'it-workloads', cacheDir: cache.path },
    );
  });

  it('runs without errors and writes a valid result file', async () => {
    expect(result.errors).toEqual([]);
    expect(runFileSchema.safeParse(result).success).toBe(true);
    expect(await labelledLeftovers({ runId: 'it-workloads' })).toEqual({ containers: [], volumes: [] });
  });

  it('gives every backend every workload, with sane figures and the right fs type', () => {
    for (const backend of BACKENDS) {
      for (const key of [
        'large-write',
        'buffered-read:128',
        'buffered-read:1024',
        'site-build',
        'metadata-walk',
      ]) {
        const r = find(backend, key);
        expect(r.stats.samples).toHaveLength(2);
        expect(r.stats.min).toBeGreaterThan(0);
        expect(r.firstRun?.seconds).toBeGreaterThan(0);
        // The host's load as each timed sample began: one reading a sample.
        expect(r.conditions?.load).toHaveLength(2);
        expect(r.stop?.rule).toBe('fixed');
        if (backend.endsWith('/tmpfs')) expect(r.fsType).toBe('tmpfs');
        if (backend.endsWith('/layer')) expect(r.fsType).toBe('overlay');
        if (backend.startsWith('docker-engine/fuse')) expect(r.fsType).toMatch(/^fuse/);
      }
      expect(find(backend, 'large-write').derived.mbPerSecond).toBeGreaterThan(0);
    }
  });

  it('reports buffered reads per operation: eight times the ops at 128 bytes as at 1,024', () => {
    const small = find('docker-engine/native/tmpfs', 'buffered-read:128');
    const large = find('docker-engine/native/tmpfs', 'buffered-read:1024');
    expect(small.opsPerSample).toBe((large.opsPerSample ?? 1) * 8);
    expect(small.derived.nsPerOp).toBeGreaterThan(0);
  });

  it('measures sync latency where the host can write, and says why not elsewhere', () => {
    for (const backend of HOST_WRITABLE) {
      const r = find(backend, 'sync-latency');
      expect(r.stats.runs).toBe(10);
      expect(r.stats.min).toBeGreaterThanOrEqual(0);
      expect(r.clock.source).toBe('host-round-trip');
    }
    expect(result.skipped?.map((s) => `${s.backendId} ${s.workloadId}`).sort()).toEqual([
      'docker-engine/native/layer sync-latency',
      'docker-engine/native/tmpfs sync-latency',
      'docker-engine/native/volume sync-latency',
    ]);
    expect(result.skipped?.[0].reason).toMatch(/the host cannot write into/);
  });
});

describe('the custom workload', () => {
  it('runs the user’s command on a copy of their folder, in their own image, leaving the folder untouched', async () => {
    const project = tempDir('project');
    mkdirSync(join(project.path, 'src'));
    for (let i = 0; i < 50; i++)
      writeFileSync(join(project.path, 'src', `m${i}.js`), `export const n = ${i};\n`);
    // A second tag of the bench image stands in for the user's own image.
    execFileSync('docker', ['tag', image, 'mountbench/custom-test:latest']);
    try {
      const result = await runOnEngine(
        {
          mounts: ['tmpfs', 'host'],
          workloads: ['custom'],
          size: 'quick',
          runs: 2,
          warmup: 0,
          custom: {
            command:
              '[ "$(find src -type f | wc -l)" -eq 50 ] && grep -q "n = 7" src/m7.js && echo built > out.txt',
            folder: project.path,
            image: 'mountbench/custom-test:latest',
          },
        },
        { runId: 'it-custom', cacheDir: cache.path },
      );
      expect(result.errors).toEqual([]);
      expect(result.results.map((r) => `${r.backend.id} ${r.workload.id}`).sort()).toEqual([
        'docker-engine/native/tmpfs custom',
        'host custom',
      ]);
      expect(execFileSync('ls', [project.path]).toString().trim()).toBe('src');
      expect(await labelledLeftovers({ runId: 'it-custom' })).toEqual({ containers: [], volumes: [] });
    } finally {
      execFileSync('docker', ['rmi', 'mountbench/custom-test:latest']);
      project.remove();
    }
  });
});

describe('recommending on real measurements', () => {
  it('picks native over the FUSE share for small-file-read, and calls it significant', async () => {
    const result = await runOnEngine(
      {
        mounts: ['bind'],
        variants: ['native', 'fuse'],
        workloads: ['small-file-read'],
        size: 'quick',
        runs: 6,
        warmup: 1,
      },
      { runId: 'it-recommend', cacheDir: cache.path },
    );
    expect(result.errors).toEqual([]);
    const rows = rowsFromRun(result);
    const rec = recommend(rows, profileByName('balanced'));
    expect(rec.verdict).toBe('winner');
    expect(rec.choice?.key).toBe('docker-engine/native/bind');
    const ranking = rankWorkload(rows.filter((r) => r.workload.key === 'small-file-read'));
    const fuse = ranking.entries.find((e) => e.backend.key === 'docker-engine/fuse/bind');
    expect(fuse?.verdict).toBe('slower');
    expect(fuse?.p).toBeLessThan(0.05);

    // Two identical backends: the same measurement under two names.
    const native = rows.find((r) => r.backend.key === 'docker-engine/native/bind')!;
    const twin = { ...native, backend: { ...native.backend, key: 'docker-engine/twin/bind', label: 'twin' } };
    // Never a winner; a tie only when the interval is within the practical threshold, else
    // "not decided yet" (six noisy samples may leave it wider than ±5 %).
    const tie = recommend([native, twin], profileByName('balanced'));
    expect(['no-measurable-difference', 'not-decided']).toContain(tie.verdict);
  });
});
