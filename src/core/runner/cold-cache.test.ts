// When cold-cache mode may drop an engine's page cache: decided from what the engine reports.
import { describe, expect, it } from 'vitest';
import { coldCacheNote, coldCacheRefusal } from './cold-cache';

const LINUX_KERNEL = '6.1.0-18-amd64';
const local = { endpoint: 'unix:///var/run/docker.sock', osType: 'linux', kernelVersion: LINUX_KERNEL };

describe('cold-cache mode: whose page cache it would drop', () => {
  it.each(['docker-desktop', 'rancher-desktop', 'colima', 'orbstack'] as const)(
    "allows the vm mode on %s's VM, and refuses the host-kernel mode there",
    (provider) => {
      const engine = {
        ...local,
        provider,
        endpoint: 'unix:///Users/me/.docker/run/docker.sock',
        kernelVersion: '6.10.14-linuxkit',
      };
      expect(coldCacheRefusal(engine, 'vm', '24.1.0')).toBeNull();
      expect(coldCacheRefusal(engine, 'host-kernel', '24.1.0')).toMatch(/use the vm cold-cache mode/);
    },
  );

  it("refuses the vm mode on a plain engine sharing this machine's kernel, and allows the explicit opt-in", () => {
    const engine = { ...local, provider: 'docker-engine' as const };
    expect(coldCacheRefusal(engine, 'vm', LINUX_KERNEL)).toMatch(
      /drops the whole host's: opt in with --cold-cache-host/,
    );
    expect(coldCacheRefusal(engine, 'host-kernel', LINUX_KERNEL)).toBeNull();
  });

  it('refuses a remote engine, or one on another kernel, in either mode: not a VM the user owns', () => {
    const remote = { ...local, provider: 'docker-engine' as const, endpoint: 'tcp://build-box:2376' };
    const otherKernel = { ...local, provider: 'docker-engine' as const, kernelVersion: '5.15.0-91-generic' };
    for (const engine of [remote, otherKernel])
      for (const scope of ['vm', 'host-kernel'] as const)
        expect(coldCacheRefusal(engine, scope, LINUX_KERNEL)).toMatch(/is not a VM you own/);
  });
});

describe('cold-cache mode: what the result says it dropped', () => {
  it.each(['bind', 'nfs-volume'] as const)(
    "says a %s's files were cold in the VM only: the host's page cache was not dropped",
    (mount) => {
      expect(coldCacheNote('vm', mount)).toMatch(/dropped the engine VM's page cache .*not the host's/);
    },
  );

  it.each(['volume', 'tmpfs', 'layer', 'mutagen', 'sync-share'] as const)(
    'adds nothing for a %s: its files live in the VM, cold throughout',
    (mount) => {
      expect(coldCacheNote('vm', mount)).toBeNull();
    },
  );

  it("adds nothing with --cold-cache-host: the engine's kernel is the host's, one cache, dropped", () => {
    expect(coldCacheNote('host-kernel', 'bind')).toBeNull();
  });
});
