import { describe, expect, it } from 'vitest';
import { sampleWorkloadResult } from '../../core/store/test-support/run-fixture';
import type { WorkloadResult } from '../../shared/result-schema';
import { resultRows, textTable, warningLines } from './results-table';

describe('the results table', () => {
  it("names a workload's case, so buffered-read's 128-byte and 1 KiB rows do not read alike", () => {
    const base = sampleWorkloadResult();
    const read = (c: string): WorkloadResult => ({
      ...base,
      workload: { ...base.workload, id: 'buffered-read', case: c },
      warnings: ['noisy'],
    });
    expect(resultRows([read('128'), read('1024'), base]).map((r) => r[1])).toEqual([
      'buffered-read:128',
      'buffered-read:1024',
      'small-file-read',
    ]);
    expect(warningLines([read('128')])).toEqual([`${base.backend.label} / buffered-read:128: noisy`]);
  });

  it("gives the share's host cost a column only when some backend's FUSE daemon was read", () => {
    const base = sampleWorkloadResult();
    const fuse: WorkloadResult = {
      ...base,
      serving: {
        processes: ['bindfs (FUSE daemon)'],
        cpuSeconds: [0.2, 0.25, 0.3],
        peakRssBytes: 4 * 1024 * 1024,
      },
    };
    const [header, , withCost] = textTable([fuse, base]).split('\n');
    expect(header).toMatch(/fs type +host cost of serving it +warnings$/);
    expect(withCost).toContain('250.0 ms CPU a sample, 4.0 MiB (bindfs (FUSE daemon))');
    expect(resultRows([fuse, base])[1][6]).toBe('—');
    expect(textTable([base])).not.toContain('host cost');
    expect(resultRows([base])[0]).toHaveLength(7);
  });
});
