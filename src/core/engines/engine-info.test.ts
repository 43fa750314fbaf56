import { describe, expect, it } from 'vitest';
import type { DiscoveredEngine } from '../../shared/engine';
import { engineInfoSchema } from '../../shared/result-schema';
import { engineInfoFrom } from './engine-info';

const reachable: DiscoveredEngine = {
  name: 'colima',
  endpoint: 'unix:///Users/u/.colima/default/docker.sock',
  source: 'context',
  provider: 'colima',
  current: true,
  reachable: true,
  serverVersion: '27.4.0',
  apiVersion: '1.47',
  os: 'Ubuntu 24.04.1 LTS',
  osType: 'linux',
  arch: 'aarch64',
  kernelVersion: '6.8.0-50-generic',
  cpus: 4,
  memoryBytes: 8_300_000_000,
};

describe('engineInfoFrom', () => {
  it('gives the result-file shape of a reachable engine', () => {
    const info = engineInfoFrom(reachable);
    expect(engineInfoSchema.safeParse(info).success).toBe(true);
    expect(info).toEqual({
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
    });
  });

  it("records Docker Desktop's own release from the engine's Platform.Name", () => {
    const desktop = { ...reachable, name: 'desktop-linux', provider: 'docker-desktop' as const };
    expect(
      engineInfoFrom({ ...desktop, platformName: 'Docker Desktop 4.37.1 (178610)' }).productVersion,
    ).toBe('4.37.1');
    // Docker CE names its edition, not a release; a product whose engine names none records null.
    expect(
      engineInfoFrom({ ...desktop, platformName: 'Docker Engine - Community' }).productVersion,
    ).toBeNull();
    expect(
      engineInfoFrom({ ...reachable, platformName: 'Docker Desktop 4.37.1 (178610)' }).productVersion,
    ).toBeNull();
    expect(engineInfoFrom(desktop).productVersion).toBeNull();
  });

  it('records fields an old engine left out as unknown', () => {
    const info = engineInfoFrom({ ...reachable, kernelVersion: undefined, cpus: undefined });
    expect(info.kernelVersion).toBe('unknown');
    expect(info.cpus).toBe(0);
  });

  it('refuses an engine that did not answer, saying why', () => {
    expect(() => engineInfoFrom({ ...reachable, reachable: false, error: 'connection refused' })).toThrow(
      /did not answer.*connection refused/,
    );
  });
});
