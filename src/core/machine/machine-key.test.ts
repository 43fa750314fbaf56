import { describe, expect, it } from 'vitest';
import type { MachineInfo } from '../../shared/result-schema';
import { sampleRun } from '../store/test-support/run-fixture';
import { formatMemory, machineKey, machineLabel, machineLabelWithOs } from './machine-key';

const m1: MachineInfo = sampleRun().machine;

describe('machineLabel', () => {
  it('reads like the machine is sold', () => {
    expect(machineLabel(m1)).toBe('Apple M1 Pro · arm64 · 10 cores · 32 GiB');
  });
  it('leads with the user’s own label', () => {
    expect(machineLabel({ ...m1, label: "  Alice's M1 " })).toBe(
      "Alice's M1 · Apple M1 Pro · arm64 · 10 cores · 32 GiB",
    );
  });
  it('adds the OS on request', () => {
    expect(machineLabelWithOs(m1)).toBe('Apple M1 Pro · arm64 · 10 cores · 32 GiB · macOS 14.4.1');
  });
  it('says "1 core" and copes with an unknown chip', () => {
    expect(machineLabel({ ...m1, chip: '', cores: 1, memoryBytes: 512 * 1024 ** 2 })).toBe(
      'unknown CPU · arm64 · 1 core · 0.5 GiB',
    );
  });
});

describe('formatMemory', () => {
  it.each([
    [32 * 1024 ** 3, '32 GiB'],
    [16 * 1024 ** 3, '16 GiB'],
    [25276514304, '24 GiB'],
    [8 * 1024 ** 3, '8 GiB'],
    [7.74 * 1024 ** 3, '7.7 GiB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatMemory(bytes)).toBe(text);
  });
});

describe('machineKey', () => {
  it('is the same for the same machine, whatever runs on it', () => {
    const other = sampleRun({ id: 'other-run' }).machine;
    expect(machineKey({ ...other, processArch: 'arm64', rosetta: false })).toBe(machineKey(m1));
    expect(machineKey(m1)).toMatch(/^machine-[0-9a-f]{12}$/);
  });
  it.each<[string, Partial<MachineInfo>]>([
    ['chip', { chip: 'Apple M2' }],
    ['arch', { arch: 'x64' }],
    ['cores', { cores: 8 }],
    ['memory', { memoryBytes: 16 * 1024 ** 3 }],
    ['OS version', { os: { ...m1.os, version: '15.0' } }],
    ['label', { label: 'Bob' }],
  ])('changes with the %s', (_what, change) => {
    expect(machineKey({ ...m1, ...change })).not.toBe(machineKey(m1));
  });
});
