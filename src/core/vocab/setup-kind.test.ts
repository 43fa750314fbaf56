import { describe, expect, it } from 'vitest';
import type { BackendRef } from '../../shared/recommendation';
import { describeSetup } from './setup-kind';

function backend(partial: Partial<BackendRef> & Pick<BackendRef, 'key'>): BackendRef {
  return { label: partial.key, provider: null, fileSharing: null, mount: 'bind', ...partial };
}

describe('describeSetup', () => {
  it('reads the variant of a measured backend from its key', () => {
    const s = describeSetup(
      backend({
        key: 'docker-engine/fuse/bind',
        provider: 'docker-engine',
        fileSharing: 'FUSE share (bindfs)',
      }),
    );
    expect(s).toMatchObject({ variant: 'fuse', sharing: 'fuse', mount: 'bind' });
    expect(
      describeSetup(
        backend({ key: 'docker-engine/native/volume', provider: 'docker-engine', mount: 'volume' }),
      ).sharing,
    ).toBe('native');
  });
  it.each([
    ['gRPC-FUSE', 'docker-desktop', 'grpcfuse', null, null],
    ['VirtioFS', 'docker-desktop', 'virtiofs', null, null],
    ['Docker VMM', 'docker-desktop', 'docker-vmm', null, null],
    ['osxfs', 'docker-desktop', 'osxfs', null, null],
    ['9p (msize 512 KiB)', 'rancher-desktop', '9p', null, 512],
    ['reverse-sshfs', 'rancher-desktop', 'sshfs', null, null],
    ['sshfs', 'colima', 'sshfs', null, null],
  ] as const)('reads published words %j', (fileSharing, provider, sharing, vmType, msize) => {
    const s = describeSetup(backend({ key: `x/${fileSharing}/bind`, provider, fileSharing }));
    expect([s.sharing, s.vmType, s.msizeKib, s.variant]).toEqual([sharing, vmType, msize, null]);
  });
  it('reads the VM type from the label', () => {
    const s = describeSetup(
      backend({
        key: 'Rancher Desktop/reverse-sshfs/bind',
        label: 'Rancher Desktop VZ reverse-sshfs',
        provider: 'rancher-desktop',
        fileSharing: 'reverse-sshfs',
      }),
    );
    expect(s.vmType).toBe('vz');
  });
  it('reads osxfs bind flags and docker-sync strategies', () => {
    expect(
      describeSetup(backend({ key: 'Docker Desktop/osxfs/bind:cached', fileSharing: 'osxfs' })).bindFlag,
    ).toBe('cached');
    const sync = describeSetup(
      backend({
        key: 'Docker Desktop/osxfs/docker-sync',
        label: 'docker-sync (unison)',
        mount: 'docker-sync',
        fileSharing: 'osxfs',
      }),
    );
    expect([sync.syncStrategy, sync.bindFlag]).toEqual(['unison', null]);
  });
  it('says unknown rather than guessing', () => {
    expect(
      describeSetup(backend({ key: 'UTM/none/bind', fileSharing: 'none (files inside the VM)' })).sharing,
    ).toBe('unknown');
  });
});
