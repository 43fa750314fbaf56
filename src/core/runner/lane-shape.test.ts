import { describe, expect, it } from 'vitest';
import { workloadById } from '../workloads/registry';
import { laneShape } from './measure';

const plain = { coldCache: false, synced: false };

describe('laneShape', () => {
  it("takes each workload's published method unless the run names one", () => {
    expect(laneShape(workloadById('dd-write'), {}, plain).sampleMethod).toBe('back-to-back');
    expect(laneShape(workloadById('small-file-read'), {}, plain).sampleMethod).toBe('spaced');
    expect(laneShape(workloadById('dd-write'), { sampleMethod: 'spaced' }, plain).sampleMethod).toBe(
      'spaced',
    );
    expect(
      laneShape(workloadById('metadata-walk'), { sampleMethod: 'back-to-back' }, plain).sampleMethod,
    ).toBe('back-to-back');
  });

  it('batches back-to-back writes and reads, never spaced writes', () => {
    expect(laneShape(workloadById('dd-write'), {}, plain).batches).toBe(true);
    expect(laneShape(workloadById('dd-write'), { sampleMethod: 'spaced' }, plain).batches).toBe(false);
    expect(laneShape(workloadById('small-file-read'), {}, plain).batches).toBe(true);
  });

  it('never batches where each execution must start from a dropped cache, or a sync tool flushes writes', () => {
    expect(laneShape(workloadById('small-file-read'), {}, { coldCache: true, synced: false }).batches).toBe(
      false,
    );
    expect(laneShape(workloadById('dd-write'), {}, { coldCache: false, synced: true }).batches).toBe(false);
    // A read on a sync mount writes nothing back: it may batch.
    expect(laneShape(workloadById('small-file-read'), {}, { coldCache: false, synced: true }).batches).toBe(
      true,
    );
  });

  it('batches only the cases that can repeat with nothing between them', () => {
    const repeatable = (id: Parameters<typeof workloadById>[0]) => {
      const w = workloadById(id);
      return w.kind === 'script' ? w.cases('quick').map((c) => c.repeatable) : [];
    };
    expect(repeatable('small-file-read')).toEqual([true]);
    expect(repeatable('buffered-read')).toEqual([true, true]);
    expect(repeatable('metadata-walk')).toEqual([true]);
    expect(repeatable('dd-write')).toEqual([true]);
    // Their resets (removing the last sample's output) would be timed inside a batch.
    expect(repeatable('large-write')).toEqual([false]);
    expect(repeatable('site-build')).toEqual([false]);
  });
});
