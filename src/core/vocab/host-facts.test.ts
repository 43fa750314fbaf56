import { describe, expect, it } from 'vitest';
import { compareVersions, hostFacts, parseHostOverride, versionAtLeast } from './host-facts';

describe('host facts', () => {
  it('takes MOUNTBENCH_HOST as the machine, for tests and demos', async () => {
    expect(parseHostOverride('darwin arm64 14.5')).toEqual({
      platform: 'darwin',
      arch: 'arm64',
      macosVersion: '14.5',
    });
    expect(parseHostOverride('darwin x64')).toEqual({ platform: 'darwin', arch: 'x64', macosVersion: null });
    expect(parseHostOverride('nonsense')).toBeNull();
    expect(await hostFacts({ MOUNTBENCH_HOST: 'darwin x64 13.0' })).toEqual({
      platform: 'darwin',
      arch: 'x64',
      macosVersion: '13.0',
    });
    expect((await hostFacts({})).platform).toBe(process.platform);
  });

  it('compares versions numerically', () => {
    expect(compareVersions('4.10', '4.9')).toBe(1);
    expect(compareVersions('4.37.0', '4.37')).toBe(0);
    expect(versionAtLeast('12.4', '12.5')).toBe(false);
    expect(versionAtLeast(null, '1')).toBe(false);
  });
});
