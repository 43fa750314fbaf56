import { describe, expect, it } from 'vitest';
import type { WorkloadResult } from '../../shared/result-schema';
import { sampleWorkloadResult } from '../../core/store/test-support/run-fixture';
import { groupedWarningLines, warningKind } from './warning-groups';

function result(label: string, workload: string, warnings: string[]): WorkloadResult {
  const base = sampleWorkloadResult();
  return {
    ...base,
    backend: { ...base.backend, id: `x/${label}`, label },
    workload: { ...base.workload, id: workload as WorkloadResult['workload']['id'] },
    warnings,
  };
}

const tick = (ms: string) =>
  `The shortest sample (${ms}) is less than 100 ticks of the clock that timed it (one tick is 1 ms), so the clock's rounding alone can be more than 1 % of a sample.`;

describe('groupedWarningLines', () => {
  it('says each kind of warning once, with how many results raised it and which', () => {
    const lines = groupedWarningLines([
      result('volume', 'dd-write', [tick('12.0 ms')]),
      result('tmpfs', 'dd-write', [tick('3.1 ms'), 'The host ran its own sh and tools.']),
      result('bind', 'dd-write', [tick('40 ms')]),
      result('bind', 'small-file-read', [tick('7 ms')]),
      result('layer', 'dd-write', [tick('9 ms')]),
    ]);
    expect(lines).toEqual([
      tick('12.0 ms'),
      "    on 5 results (the figures are the first one's): volume / dd-write, tmpfs / dd-write, bind / dd-write and 2 more",
      'tmpfs / dd-write: The host ran its own sh and tools.',
    ]);
  });

  it('names no figure caveat when every result said the same words', () => {
    const same = 'Another program may have interfered.';
    expect(groupedWarningLines([result('a', 'dd-write', [same]), result('b', 'dd-write', [same])])).toEqual([
      same,
      '    on 2 results: a / dd-write, b / dd-write',
    ]);
  });

  it('keeps warnings that differ in words apart', () => {
    expect(warningKind('1 of 10 samples is a statistical outlier')).not.toBe(
      warningKind('The first timed run (2 s) was much slower'),
    );
    expect(warningKind('within 30 runs (it is ±3.2 %)')).toBe(warningKind('within 20 runs (it is ±12 %)'));
  });

  it('prints nothing without warnings', () => {
    expect(groupedWarningLines([result('a', 'dd-write', [])])).toEqual([]);
  });
});
