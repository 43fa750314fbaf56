import { describe, expect, it } from 'vitest';
import type { EngineInfo } from '../../shared/result-schema';
import { productVersionFrom, withDetectedVersion } from './product-version';

const colima: EngineInfo = {
  name: 'colima',
  endpoint: 'unix:///Users/u/.colima/default/docker.sock',
  provider: 'colima',
  serverVersion: '27.4.0',
  productVersion: null,
  apiVersion: '1.47',
  os: 'Ubuntu 24.04.1 LTS',
  osType: 'linux',
  arch: 'aarch64',
  kernelVersion: '6.8.0-50-generic',
  cpus: 4,
  memoryBytes: 8_300_000_000,
};

describe('productVersionFrom', () => {
  it("reads Docker Desktop's release from its engine's platform name, and nothing from others", () => {
    expect(productVersionFrom('docker-desktop', 'Docker Desktop 4.37.1 (178610)')).toBe('4.37.1');
    expect(productVersionFrom('docker-desktop', 'Docker Engine - Community')).toBeNull();
    expect(productVersionFrom('docker-desktop', undefined)).toBeNull();
    expect(productVersionFrom('rancher-desktop', 'Docker Desktop 4.37.1 (178610)')).toBeNull();
  });
});

describe('withDetectedVersion (a sweep)', () => {
  it("records the release the product's detection read where the engine named none", () => {
    expect(withDetectedVersion(colima, '0.8.1').productVersion).toBe('0.8.1');
    // OrbStack's answer carries its build: the release is the first word.
    expect(withDetectedVersion({ ...colima, provider: 'orbstack' }, '0.8.1 (80100)').productVersion).toBe(
      '0.8.1',
    );
  });

  it("keeps the engine's own answer, and records nothing that is not a version", () => {
    const desktop = { ...colima, provider: 'docker-desktop' as const, productVersion: '4.37.1' };
    expect(withDetectedVersion(desktop, '4.36.0').productVersion).toBe('4.37.1');
    expect(withDetectedVersion(colima, null).productVersion).toBeNull();
    expect(withDetectedVersion(colima, '/Users/u/bin/colima').productVersion).toBeNull();
    // The plain engine's "release" is its engine version, already recorded as such.
    expect(withDetectedVersion({ ...colima, provider: 'docker-engine' }, '27.4.0').productVersion).toBeNull();
  });
});
