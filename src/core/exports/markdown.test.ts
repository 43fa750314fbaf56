import { describe, expect, it } from 'vitest';
import { runMarkdown } from './markdown';
import type { WorkloadResult } from '../../shared/result-schema';
import { sampleRun, sampleWorkloadResult } from '../store/test-support/run-fixture';
import { exportTestRun } from './test-support/export-test-run';

describe('runMarkdown', () => {
  const run = exportTestRun();
  const md = runMarkdown(run);
  const tableLines = md
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| workload') && !l.startsWith('| ---'));

  it('says what ran where', () => {
    expect(md).toMatch(
      /^## Mountbench run 20240501-101500-a1b2c3\n\n- Machine: Apple M1 Pro · arm64 · 10 cores · 32 GiB · macOS 14\.4\.1\n/,
    );
    expect(md).toContain('- Engine: desktop-linux (docker-desktop, Docker 26.0.0, Docker Desktop)');
    expect(md).toContain('- Bench image: `busybox:1.36.1`');
  });

  it('has one table row per result, with its mean ± σ and range', () => {
    expect(tableLines).toEqual([
      '| small-file-read | Docker Desktop, VZ + VirtioFS, bind mount | 151.0 ms ± 1.6 ms | 151.0 ms | 149.0 ms … 153.0 ms | 5 | fastest | - | virtiofs |',
      '| dd-write | Docker Engine, "fuse", bind, slow | 1.219 s ± 0.208 s | 1.188 s | 1.000 s … 1.500 s | 4 | fastest | - | fuse.bindfs |',
      // 0.5 s per sample of 8192 reads: 61.04 µs per read.
      '| buffered-read:128 (per op) | Docker Desktop, VZ + VirtioFS, bind mount | 61.04 µs | 61.04 µs | 61.04 µs … 61.04 µs | 1 | fastest | - | virtiofs |',
    ]);
  });

  it('says how each result’s samples were taken, defaults written out', () => {
    expect(md).toContain(
      [
        '**How samples were taken** (figures are per execution)',
        '',
        '- spaced, 1 execution per sample: small-file-read on Docker Desktop, VZ + VirtioFS, bind mount; buffered-read:128 on Docker Desktop, VZ + VirtioFS, bind mount',
        '- back-to-back, 4 executions per sample: dd-write on Docker Engine, "fuse", bind, slow',
      ].join('\n'),
    );
  });

  it('ranks backends of one workload and lists warnings', () => {
    const two = exportTestRun();
    two.results[1] = { ...two.results[1], workload: two.results[0].workload };
    const lines = runMarkdown(two).split('\n');
    expect(lines.find((l) => l.includes('Docker Engine'))).toMatch(/\| 8\.07× \* \| - \| fuse\.bindfs \|$/);
    expect(runMarkdown(two)).toContain(
      '- Docker Engine, "fuse", bind, slow / small-file-read: the first run was 2.1× slower',
    );
  });

  it('compares with the host baseline as the Results page does', () => {
    const withHost = exportTestRun();
    withHost.results[1] = {
      ...withHost.results[1],
      workload: withHost.results[0].workload,
      backend: {
        id: 'host',
        provider: null,
        variant: null,
        mount: 'host',
        label: 'host (no container): baseline',
      },
    };
    const lines = runMarkdown(withHost).split('\n');
    // 151 ms against the host's 1.219 s.
    expect(lines.find((l) => l.includes('VZ + VirtioFS') && l.startsWith('| small-file-read'))).toContain(
      '| 8.1× faster than host |',
    );
    expect(lines.find((l) => l.includes('host (no container)'))).toContain('| baseline |');
  });

  it('lists the sync tool times apart from the table', () => {
    expect(md).not.toContain('Sync tool times');
    const synced = exportTestRun();
    synced.results[1] = {
      ...synced.results[1],
      sync: {
        tool: 'docker-sync',
        initialSeconds: 2,
        flushSeconds: [0.25],
        writeBack: { files: 1, bytes: 20_480_000 },
      },
    };
    expect(runMarkdown(synced)).toContain(
      '**Sync tool times** (timed apart, not in the figures above)\n\n- Docker Engine, "fuse", bind, slow / dd-write: docker-sync: initial sync 2.000 s; write-back flush 250.0 ms median of 1; host holds 1 file (20.5 MB) after the flush',
    );
  });

  it("lists page-reload's p50 and p95 and parallel-read's containers under the table, labels escaped", () => {
    expect(md).not.toContain('Page latency and per-container times');
    const base = sampleWorkloadResult();
    const backend = { ...base.backend, label: 'bind | forged' };
    const withDerived = sampleRun({
      results: [
        {
          ...base,
          backend,
          workload: { id: 'page-reload', size: 'quick', params: {}, case: 'no-edit' },
          derived: { p50Seconds: 0.02, p95Seconds: 0.05 },
        },
        {
          ...base,
          backend,
          workload: { id: 'parallel-read', size: 'quick', params: {} },
          derived: { container1MedianSeconds: 1, container2MedianSeconds: 2 },
        },
      ],
    });
    expect(runMarkdown(withDerived)).toContain(
      '**Page latency and per-container times**\n\n' +
        '- page-reload · bind \\| forged: p50 20.00 ms, p95 50.00 ms without an edit\n' +
        "- parallel-read · bind \\| forged: 2 containers at once: the slowest one's median 2.000 s, 2.00× the fastest one's; each one's median 1.000 s, 2.000 s (the table times each round by its slowest container)\n",
    );
  });

  it('answers per role below the table: the lone bind mount is the only option, tmpfs wins data', () => {
    const of = (mount: 'bind' | 'tmpfs' | 'volume', label: string, centre: number): WorkloadResult => {
      const base = sampleWorkloadResult();
      const samples = [0.99, 1.01, 1, 0.98, 1.02].map((x) => x * centre);
      const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
      const sd = Math.sqrt(samples.reduce((a, x) => a + (x - mean) ** 2, 0) / (samples.length - 1));
      return {
        ...base,
        backend: { ...base.backend, id: `docker-engine/native/${mount}`, mount, label },
        stats: {
          ...base.stats,
          samples,
          mean,
          stddev: sd,
          median: mean,
          min: samples[4],
          max: samples[3],
          runs: 5,
        },
      };
    };
    const text = runMarkdown(
      sampleRun({
        results: [
          of('bind', 'bind mount · native', 2.3),
          of('tmpfs', 'tmpfs', 1),
          of('volume', 'named volume', 1.6),
        ],
      }),
    );
    expect(text).toContain(
      '**Verdict per role** (Balanced profile; the source tree and container-only data ranked apart)\n\n' +
        '- Source tree: bind mount · native (only option measured: nothing to compare it with)\n' +
        '- Container-only data: tmpfs (fastest, measurably)',
    );
  });
});
