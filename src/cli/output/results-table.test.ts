import { describe, expect, it } from 'vitest';
import { sampleWorkloadResult } from '../../core/store/test-support/run-fixture';
import type { WorkloadResult } from '../../shared/result-schema';
import { resultRows, warningLines } from './results-table';

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
});
