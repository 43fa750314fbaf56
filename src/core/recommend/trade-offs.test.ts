import { describe, expect, it } from 'vitest';
import type { BackendRef } from '../../shared/recommendation';
import { describeSetup } from '../vocab/setup-kind';
import { tradeOffs } from './trade-offs';

function ids(b: Partial<BackendRef> & Pick<BackendRef, 'key'>, syncLatency?: number): string[] {
  return tradeOffs(describeSetup({ label: b.key, provider: null, fileSharing: null, mount: 'bind', ...b }), {
    syncLatency,
  }).map((t) => t.id);
}

describe('tradeOffs', () => {
  it('warns that a named volume hides its files from the host, and says what it is good for', () => {
    const [t] = tradeOffs(
      describeSetup({
        key: 'docker-engine/native/volume',
        label: 'v',
        provider: 'docker-engine',
        fileSharing: null,
        mount: 'volume',
      }),
    );
    expect(t).toMatchObject({ id: 'volume-not-on-host', severity: 'warning' });
    expect(t.text).toMatch(/not visible on the host/);
    expect(t.text).toMatch(/dependencies.*databases/);
  });
  it('warns what tmpfs and layer lose', () => {
    expect(ids({ key: 'a/b/tmpfs', mount: 'tmpfs' })).toEqual(['tmpfs-lost-on-stop']);
    expect(ids({ key: 'a/b/layer', mount: 'layer' })).toEqual(['layer-lost-with-container']);
  });
  it('says a synchronized file share needs a paid plan, copies everything first and keeps two copies', () => {
    expect(ids({ key: 'docker-desktop/virtiofs/sync-share', mount: 'sync-share' })).toEqual([
      'paid-plan',
      'initial-sync',
      'two-copies',
    ]);
  });
  it('quotes the measured sync-latency of a sync tool, or says it was not measured', () => {
    const measured = tradeOffs(
      describeSetup({
        key: 'docker-desktop/virtiofs/mutagen',
        label: 'm',
        provider: 'docker-desktop',
        fileSharing: 'VirtioFS',
        mount: 'mutagen',
      }),
      { syncLatency: 0.25 },
    );
    expect(measured.map((t) => t.id)).toEqual(['needs-running-sync', 'sync-lag', 'two-copies']);
    expect(measured[1].text).toMatch(/250\.0 ms per edit/);
    const unmeasured = tradeOffs(
      describeSetup({
        key: 'x/y/docker-sync',
        label: 'd',
        provider: null,
        fileSharing: null,
        mount: 'docker-sync',
      }),
    );
    expect(unmeasured[0].text).toMatch(/docker-sync needs a running sync/);
    expect(unmeasured[1].text).toMatch(/sync-latency was not measured/);
  });
  it('says Compose Watch is a one-way copy first, then its lag with the measured figure', () => {
    const watch = tradeOffs(
      describeSetup({
        key: 'docker-desktop/virtiofs/compose-watch',
        label: 'w',
        provider: 'docker-desktop',
        fileSharing: 'VirtioFS',
        mount: 'compose-watch',
      }),
      { syncLatency: 0.6 },
    );
    expect(watch.map((t) => t.id).slice(0, 4)).toEqual([
      'one-way-copy',
      'needs-running-sync',
      'sync-lag',
      'two-copies',
    ]);
    expect(watch[0].text).toMatch(/never comes back to the host/);
    expect(watch[2].text).toMatch(/500 ms/);
    expect(watch[2].text).toMatch(/600\.0 ms per edit/);
  });

  it('says :cached and :delegated only mean something on osxfs', () => {
    expect(
      ids({ key: 'dd/virtiofs/bind:cached', provider: 'docker-desktop', fileSharing: 'VirtioFS' }),
    ).toEqual(['bind-flag-ignored', 'dd-virtiofs']);
    expect(ids({ key: 'dd/osxfs/bind:delegated', provider: 'docker-desktop', fileSharing: 'osxfs' })).toEqual(
      ['bind-delegated', 'dd-osxfs'],
    );
  });
  it('flags Docker VMM as beta', () => {
    expect(
      ids({ key: 'docker-desktop/docker-vmm/bind', provider: 'docker-desktop', fileSharing: 'Docker VMM' }),
    ).toEqual(['dd-vmm-beta']);
  });
  it('names the VM type each Rancher Desktop mount type needs, and colima’s fixed settings', () => {
    expect(ids({ key: 'rd/9p/bind', provider: 'rancher-desktop', fileSharing: '9p' })).toEqual([
      'rd-9p-qemu',
    ]);
    expect(ids({ key: 'rd/virtiofs/bind', provider: 'rancher-desktop', fileSharing: 'virtiofs' })).toEqual([
      'rd-virtiofs-vz',
    ]);
    expect(ids({ key: 'colima/sshfs/bind', provider: 'colima', fileSharing: 'sshfs' })).toEqual([
      'colima-fixed-at-creation',
    ]);
  });
  it('tells the Linux engine’s native share from the FUSE stand-in', () => {
    expect(ids({ key: 'docker-engine/native/bind', provider: 'docker-engine' })).toEqual(['engine-native']);
    expect(ids({ key: 'docker-engine/fuse/bind', provider: 'docker-engine' })).toEqual(['engine-fuse']);
  });
});
