import { describe, expect, it } from 'vitest';
import type { WorkloadResult } from './result-schema';
import { flushMedianSeconds, syncNote, syncNoteLines } from './sync-note';

const base = {
  backend: {
    id: 'docker-engine/native/mutagen',
    provider: 'docker-engine',
    variant: 'native',
    mount: 'mutagen',
    label: 'mutagen sync',
  },
  workload: { id: 'dd-write', size: 'quick', params: {} },
} as unknown as WorkloadResult;

describe('sync note', () => {
  it('is absent for results without a sync tool', () => {
    expect(syncNote(base)).toBeNull();
    expect(syncNoteLines([base])).toEqual([]);
  });

  it('gives the initial sync, the median flush and what the host holds', () => {
    const result = {
      ...base,
      sync: {
        tool: 'mutagen',
        initialSeconds: 1.5,
        flushSeconds: [0.3, 0.1, 0.2],
        writeBack: { files: 1, bytes: 20_480_000 },
      },
    } as WorkloadResult;
    expect(flushMedianSeconds(result)).toBe(0.2);
    expect(syncNoteLines([result])).toEqual([
      'mutagen sync / dd-write: mutagen: initial sync 1.500 s; write-back flush 200.0 ms median of 3; host holds 1 file (20.5 MB) after the flush',
    ]);
  });

  it('leaves out flushes for workloads that write nothing', () => {
    const result = {
      ...base,
      sync: { tool: 'docker-sync', initialSeconds: 0.25, flushSeconds: [] },
    } as WorkloadResult;
    expect(flushMedianSeconds(result)).toBeNull();
    expect(syncNote(result)).toBe('docker-sync: initial sync 250.0 ms');
  });
});
