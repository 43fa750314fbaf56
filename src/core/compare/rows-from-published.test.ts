import { describe, expect, it } from 'vitest';
import type { ComparisonRow } from '../../shared/comparison';
import { fileSharingName, providerForEngine, publishedRows } from './rows-from-published';

const rows = publishedRows();
const find = (predicate: (r: ComparisonRow) => boolean): ComparisonRow => {
  const found = rows.filter(predicate);
  expect(found).toHaveLength(1);
  return found[0];
};

describe('publishedRows', () => {
  it('marks every row as published with its source, title and link', () => {
    expect(rows.every((r) => r.source.kind === 'published')).toBe(true);
    const row = rows[0];
    expect(row.source).toEqual({
      kind: 'published',
      sourceId: 'umitron-2021',
      title: 'VirtioFS experimental build benchmark (UMITRON Advent Calendar 2021, day 2)',
      url: 'https://github.com/takc923/docker-bench/tree/ae875277cbad86a3b3fb9ed62913cadf3f078e01',
    });
  });

  it('gives the M1 Pro and the Intel 2017 figures two machines', () => {
    const umitron = rows.filter((r) => r.source.kind === 'published' && r.source.sourceId === 'umitron-2021');
    const machines = new Map(umitron.map((r) => [r.machine.key, r.machine]));
    expect([...machines.values()]).toEqual([
      {
        key: 'published:umitron-2021/m1pro-2021',
        label: 'MacBook Pro 16-inch 2021, Apple M1 Pro, 32 GB, macOS 12.0.1',
        chip: 'Apple M1 Pro',
        arch: 'arm64',
      },
      {
        key: 'published:umitron-2021/intel-2017',
        label: 'MacBook Pro 15-inch 2017, Intel Core i7 2.9 GHz quad-core, 16 GB, macOS 12.0.1',
        chip: 'Intel Core i7 2.9 GHz',
        arch: 'x64',
      },
    ]);
  });

  it('maps a figure into the result model: provider, setting, mount, times in seconds', () => {
    const row = find(
      (r) =>
        r.machine.key === 'published:umitron-2021/m1pro-2021' &&
        r.workload.key === 'small-file-read' &&
        r.backend.fileSharing === 'gRPC FUSE' &&
        r.backend.mount === 'bind',
    );
    expect(row.backend).toEqual({
      key: 'Docker Desktop/gRPC FUSE/bind',
      label: 'Docker Desktop · gRPC FUSE · bind',
      provider: 'docker-desktop',
      fileSharing: 'gRPC FUSE',
      mount: 'bind',
    });
    expect(row).toMatchObject({ mean: 17.934, stddev: 1.493, min: 16.703, max: 21.484, runs: 10 });
    expect(row.median).toBeNull();
    expect(row.samples).toBeNull();
    expect(row.rangeUnknown).toBeUndefined();
  });

  it('turns ns per op into seconds and the buffer size into the workload case', () => {
    const row = find(
      (r) => r.workload.key === 'buffered-read:128' && r.backend.label.includes('bind (consistent)'),
    );
    expect(row.workload).toEqual({ key: 'buffered-read:128', id: 'buffered-read', case: '128' });
    expect(row.mean).toBeCloseTo(1772383e-9, 15);
    expect(row.backend.provider).toBe('docker-desktop');
    expect(row.backend.fileSharing).toBe('osxfs');
    // A Go benchmark figure: one number, its range unknown.
    expect(row.rangeUnknown).toBe(true);
    expect(row.runs).toBe(1);
  });

  it('folds the VM type into the setting and keeps throughput in the note', () => {
    const row = find((r) => r.backend.key === 'Rancher Desktop/QEMU + 9p (msize 128 KiB)/bind');
    expect(row.backend.provider).toBe('rancher-desktop');
    expect(row.note).toBe('45.11 MB/s (trials: 46.9, 45.89, 42.55 MB/s)');
    expect(row.runs).toBe(3);
    expect(row.stddev).toBeNull();
    expect(row.rangeUnknown).toBe(true);
  });

  it('computes σ, median and range from listed samples', () => {
    const row = find(
      (r) => r.backend.label === 'Docker Desktop · osxfs · bind (cached)' && r.workload.id === 'compile',
    );
    expect(row.samples).toEqual([356.335, 355.458]);
    expect(row.median).toBeCloseTo(355.8965, 9);
    expect(row.stddev).toBeCloseTo(Math.abs(356.335 - 355.458) / Math.SQRT2, 9);
    expect([row.min, row.max]).toEqual([355.458, 356.335]);
  });

  it('keeps the source’s doubts', () => {
    const row = find(
      (r) =>
        r.machine.key === 'published:umitron-2021/intel-2017' &&
        r.backend.key === 'Docker Desktop/VirtioFS/bind' &&
        r.workload.id === 'small-file-read',
    );
    expect(row.note).toMatch(/early VirtioFS build/);
  });

  it('reads docker-sync and the host baseline', () => {
    expect(find((r) => r.backend.mount === 'docker-sync').backend.label).toBe(
      'Docker Desktop · osxfs · docker-sync (unison)',
    );
    const host = find(
      (r) =>
        r.backend.mount === 'host' &&
        r.source.kind === 'published' &&
        r.source.sourceId === 'rancher-desktop-2024',
    );
    expect(host.backend.provider).toBeNull();
    expect(host.backend.label).toBe('macOS host · host (no container)');
  });
});

describe('providerForEngine', () => {
  it.each([
    ['Docker Desktop 4.25.2', 'docker-desktop'],
    ['Docker for Mac 17.11.0-ce', 'docker-desktop'],
    ['Rancher Desktop 1.11.0', 'rancher-desktop'],
    ['Colima 0.6.6', 'colima'],
    ['OrbStack 1.1.0', 'orbstack'],
    ['Docker on Linux', 'docker-engine'],
    ['Docker in an Ubuntu Server ARM64 VM (UTM)', 'docker-engine'],
    ['Podman 5.4.2', 'podman'],
    ['macOS host', null],
    ['Finch', null],
  ])('%s → %s', (engine, provider) => {
    expect(providerForEngine(engine)).toBe(provider);
  });
});

describe('fileSharingName', () => {
  it('spells settings as the product does and leaves the rest alone', () => {
    expect(fileSharingName('gRPC-FUSE')).toBe('gRPC FUSE');
    expect(fileSharingName('virtiofs')).toBe('VirtioFS');
    expect(fileSharingName('9p (msize 512 KiB)')).toBe('9p (msize 512 KiB)');
  });
});
