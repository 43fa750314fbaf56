import { describe, expect, it } from 'vitest';
import type { Stats } from '../../shared/result-schema';
import { siteBuild } from './site-build';
import { workloadCases } from './workload';

describe('site-build', () => {
  it('times one build per sample and removes the output before each', () => {
    const [only] = workloadCases(siteBuild, siteBuild.sizes.default);
    expect(only.reset).toBe('rm -rf out .build');
    expect(only.opsPerSample).toBe(1);
    // Jekyll's phases, in order: sniff, folders, render, copy keeping mtime, stat the output.
    const order = ['nextfile', 'mkdir -p', '<!DOCTYPE html>', 'cp -p', 'ls -lR out'].map((s) =>
      only.script.indexOf(s),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('never hands a file list to awk, ls or cp through xargs (BusyBox garbles later batches)', () => {
    const params = siteBuild.sizes.default;
    expect(siteBuild.script(params)).not.toMatch(/xargs/);
    expect(siteBuild.verifyScript!(params)).not.toMatch(/xargs/);
  });

  it('derives files and MB per second', () => {
    const derived = siteBuild.derive(siteBuild.sizes.default, { median: 2 } as Stats);
    expect(derived.filesPerSecond).toBe(2_000);
    expect(derived.mbPerSecond).toBeCloseTo((3_600 * 12_288 + 400 * 1_900_000) / 1e6 / 2, 9);
  });
});
