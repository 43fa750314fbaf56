import { describe, expect, it } from 'vitest';
import { sampleRun, sampleWorkloadResult } from '../store/test-support/run-fixture';
import { machineKey } from '../machine/machine-key';
import { rowsFromRun } from './rows-from-run';

describe('rowsFromRun', () => {
  it('carries what serving the backend cost the host, mean CPU a sample, where it was read', () => {
    const run = sampleRun();
    const served = {
      ...run,
      results: [
        {
          ...run.results[0],
          serving: { processes: ['mutagen daemon'], cpuSeconds: [0.1, 0.3], peakRssBytes: 1e6 },
        },
      ],
    };
    expect(rowsFromRun(served)[0].hostCpu).toBeCloseTo(0.2, 12);
    expect(rowsFromRun(run)[0]).not.toHaveProperty('hostCpu');
  });

  it('flattens each result into a measured row with its machine, backend, workload and samples', () => {
    const run = sampleRun();
    const [row] = rowsFromRun(run);
    expect(row).toEqual({
      source: { kind: 'measured', runId: run.id, createdAt: run.createdAt },
      machine: {
        key: machineKey(run.machine),
        label: 'Apple M1 Pro · arm64 · 10 cores · 32 GiB',
        chip: 'Apple M1 Pro',
        arch: 'arm64',
      },
      backend: {
        key: 'docker-desktop/vz-virtiofs/bind',
        label: 'Docker Desktop, VZ + VirtioFS, bind mount',
        provider: 'docker-desktop',
        fileSharing: 'vz-virtiofs',
        mount: 'bind',
      },
      workload: { key: 'small-file-read', id: 'small-file-read', case: null, size: 'quick' },
      mean: 0.151,
      stddev: 0.00158113883008419,
      median: 0.151,
      min: 0.149,
      max: 0.153,
      runs: 5,
      samples: [0.151, 0.149, 0.153, 0.15, 0.152],
      opsPerSample: 1,
      fsType: 'virtiofs',
      note: null,
      // A file from before issue 22 records no method: those were all spaced.
      sampleMethod: 'spaced',
    });
  });

  it("carries each result's sample method; an imported hyperfine file's only where it says one", () => {
    const base = sampleWorkloadResult();
    const results = [
      { ...base, sampleMethod: 'back-to-back' as const },
      { ...base, sampleMethod: 'spaced' as const },
    ];
    expect(rowsFromRun(sampleRun({ results })).map((r) => r.sampleMethod)).toEqual([
      'back-to-back',
      'spaced',
    ]);
    const imported = sampleRun({
      origin: { tool: 'hyperfine', file: 'mine.json' },
      results: [base, { ...base, sampleMethod: 'back-to-back' as const }],
    });
    const rows = rowsFromRun(imported);
    expect('sampleMethod' in rows[0]).toBe(false);
    expect(rows[1].sampleMethod).toBe('back-to-back');
  });

  it('keys a workload case and keeps operations per sample and warnings', () => {
    const base = sampleWorkloadResult();
    const result = {
      ...base,
      workload: { id: 'buffered-read' as const, size: 'default' as const, params: {}, case: '128' },
      opsPerSample: 4096,
      warnings: ['first run slower', 'outlier'],
    };
    const [row] = rowsFromRun(sampleRun({ results: [result] }));
    expect(row.workload).toEqual({
      key: 'buffered-read:128',
      id: 'buffered-read',
      case: '128',
      size: 'default',
    });
    expect(row.opsPerSample).toBe(4096);
    expect(row.note).toBe('first run slower outlier');
  });

  it('does not share the samples array with the run', () => {
    const run = sampleRun();
    const [row] = rowsFromRun(run);
    row.samples?.push(99);
    expect(run.results[0].stats.samples).toHaveLength(5);
  });
});
