import { describe, expect, it } from 'vitest';
import type { ActionStep, BackendRef } from '../../shared/recommendation';
import { actionFor } from './actions';
import type { ActionOptions } from '../vocab/action-options';
import { describeSetup } from '../vocab/setup-kind';

function action(b: Partial<BackendRef> & Pick<BackendRef, 'key'>, options: ActionOptions = {}) {
  return actionFor(
    describeSetup({ label: b.key, provider: null, fileSharing: null, mount: 'bind', ...b }),
    options,
  );
}

function commands(steps: ActionStep[]): string[] {
  return steps.flatMap((s) => (s.kind === 'command' ? [s.command] : []));
}

function settings(steps: ActionStep[]): [string, string, unknown][] {
  return steps.flatMap((s) =>
    s.kind === 'setting' ? [[s.where, s.key, s.value] as [string, string, unknown]] : [],
  );
}

const NINEP_FLAGS = (security: string, protocol: string, msize: number, cache: string) =>
  [
    `--experimental.virtual-machine.mount.9p.security-model ${security}`,
    `--experimental.virtual-machine.mount.9p.protocol-version ${protocol}`,
    `--experimental.virtual-machine.mount.9p.msize-in-kib ${msize}`,
    `--experimental.virtual-machine.mount.9p.cache-mode ${cache}`,
  ].join(' ');

const RD_9P = {
  key: 'rancher-desktop/qemu-9p/bind',
  provider: 'rancher-desktop',
  fileSharing: '9p (msize 512 KiB)',
} as const;

describe('actionFor: Rancher Desktop', () => {
  it.each([
    [
      '1.18.2',
      'rdctl set --experimental.virtual-machine.type qemu --experimental.virtual-machine.mount.type 9p',
    ],
    ['1.19.0', 'rdctl set --virtual-machine.type qemu --experimental.virtual-machine.mount.type 9p'],
    ['1.20.1', 'rdctl set --virtual-machine.type qemu --virtual-machine.mount.type 9p'],
    ['v1.24.0', 'rdctl set --virtual-machine.type qemu --virtual-machine.mount.type 9p'],
  ])('builds the rdctl flags of version %s', (version, start) => {
    const a = action(RD_9P, { rancherDesktopVersion: version });
    expect(a.kind).toBe('command');
    // Every 9p option, not the message size alone: a user's tuned cache mode would stay otherwise.
    expect(commands(a.steps)).toEqual([`${start} ${NINEP_FLAGS('none', '9p2000.L', 512, 'mmap')}`]);
    expect(a.apply).toEqual({ provider: 'rancher-desktop', variant: 'qemu-9p' });
  });
  it('writes the four 9p options of the variant measured (cache fscache)', () => {
    const a = action(
      {
        key: 'rancher-desktop/qemu-9p-128k-fscache/bind',
        provider: 'rancher-desktop',
        fileSharing: '9p',
      },
      { rancherDesktopVersion: '1.24.0' },
    );
    expect(commands(a.steps)).toEqual([
      `rdctl set --virtual-machine.type qemu --virtual-machine.mount.type 9p ${NINEP_FLAGS('none', '9p2000.L', 128, 'fscache')}`,
    ]);
  });
  it('puts virtiofs on VZ and, without a version, says which flags older versions take', () => {
    const a = action({
      key: 'rancher-desktop/vz-virtiofs/bind',
      provider: 'rancher-desktop',
      fileSharing: 'virtiofs',
    });
    expect(commands(a.steps)).toEqual([
      'rdctl set --virtual-machine.type vz --virtual-machine.mount.type virtiofs',
    ]);
    // Spelt out here, as a user reads it: the flags themselves come from the provider's key table.
    expect(a.steps).toContainEqual({
      kind: 'note',
      text:
        'Flags for Rancher Desktop 1.20 and later (check with rdctl version). 1.19: --virtual-machine.type and ' +
        '--experimental.virtual-machine.mount.type; 1.18 and older: --experimental.virtual-machine.type and ' +
        '--experimental.virtual-machine.mount.type.',
    });
  });
  it('refuses a version it cannot read', () => {
    expect(() => action(RD_9P, { rancherDesktopVersion: 'latest' })).toThrow(
      /cannot read "latest" as a Rancher Desktop version/,
    );
  });
});

describe('actionFor: Docker Desktop', () => {
  const virtiofs = {
    key: 'docker-desktop/virtiofs/bind',
    provider: 'docker-desktop',
    fileSharing: 'VirtioFS',
  } as const;
  it('uses settings-store.json keys from 4.35 on', () => {
    const a = action(virtiofs, { dockerDesktopVersion: '4.37.1' });
    const where = '~/Library/Group Containers/group.com.docker/settings-store.json';
    expect(settings(a.steps)).toEqual([
      [where, 'UseVirtualizationFramework', true],
      [where, 'UseVirtualizationFrameworkVirtioFS', true],
      [where, 'UseLibkrun', false],
    ]);
    expect(a.apply).toEqual({ provider: 'docker-desktop', variant: 'virtiofs' });
  });
  it('uses settings.json keys up to 4.34, and turns VirtioFS off (the framework on) for gRPC FUSE', () => {
    const a = action(
      { key: 'Docker Desktop/gRPC-FUSE/bind', provider: 'docker-desktop', fileSharing: 'gRPC-FUSE' },
      { dockerDesktopVersion: '4.34.0' },
    );
    const where = '~/Library/Group Containers/group.com.docker/settings.json';
    // What the provider writes for VZ + gRPC FUSE, from the one key table: the framework back on
    // (a user coming from Docker VMM has it off), VirtioFS off, gRPC FUSE on.
    expect(settings(a.steps)).toEqual([
      [where, 'useVirtualizationFramework', true],
      [where, 'useVirtualizationFrameworkVirtioFS', false],
      [where, 'useGrpcfuse', true],
    ]);
    // A published backend has no provider variant id for an apply button.
    expect(a.apply).toBeNull();
  });
  it('turns both off for osxfs and adds the bind flag to compose', () => {
    const a = action(
      { key: 'Docker Desktop/osxfs/bind:cached', provider: 'docker-desktop', fileSharing: 'osxfs' },
      { dockerDesktopVersion: '4.20.0' },
    );
    // osxfs runs beside QEMU or HyperKit only: the framework off, and Rosetta with it.
    expect(settings(a.steps).map(([, k, v]) => [k, v])).toEqual([
      ['useVirtualizationFramework', false],
      ['useVirtualizationFrameworkVirtioFS', false],
      ['useGrpcfuse', false],
      ['useVirtualizationFrameworkRosetta', false],
    ]);
    const file = a.steps.find((s) => s.kind === 'file');
    expect(file && file.kind === 'file' ? file.text : '').toContain('- ./:/app:cached');
  });
  it('writes Docker VMM as the GUI (and the provider) writes it, not UseLibkrun alone', () => {
    const a = action(
      { key: 'docker-desktop/docker-vmm/bind', provider: 'docker-desktop', fileSharing: 'Docker VMM' },
      { dockerDesktopVersion: '4.49.0' },
    );
    expect(settings(a.steps).map(([, k, v]) => [k, v])).toEqual([
      ['UseLibkrun', true],
      ['UseVirtualizationFramework', false],
      ['UseVirtualizationFrameworkRosetta', false],
    ]);
    expect(a.apply).toEqual({ provider: 'docker-desktop', variant: 'docker-vmm' });
  });
  it('says Docker VMM needs 4.35', () => {
    const a = action(
      { key: 'docker-desktop/docker-vmm/bind', provider: 'docker-desktop', fileSharing: 'Docker VMM' },
      { dockerDesktopVersion: '4.30.0' },
    );
    expect(a.steps.some((s) => s.kind === 'note' && /4\.35 or later/.test(s.text))).toBe(true);
  });
});

describe('actionFor: colima', () => {
  it('creates a profile with the VM type the mount type needs', () => {
    const a = action(
      { key: 'colima/virtiofs/bind', provider: 'colima', fileSharing: 'virtiofs' },
      { colimaProfile: 'work' },
    );
    expect(commands(a.steps)).toEqual([
      'colima start -p work --vm-type vz --mount-type virtiofs',
      'colima status -p work --json',
      'docker context use colima-work',
    ]);
    const nine = action({ key: 'colima/9p/bind', provider: 'colima', fileSharing: '9p' });
    expect(commands(nine.steps)[0]).toBe('colima start -p dev-9p --vm-type qemu --mount-type 9p');
  });
  it('refuses a profile name colima would not take', () => {
    expect(() =>
      action(
        { key: 'colima/sshfs/bind', provider: 'colima', fileSharing: 'sshfs' },
        { colimaProfile: 'my profile;rm' },
      ),
    ).toThrow(/not a colima profile name/);
  });
});

describe('actionFor: mounts and sync tools', () => {
  it('gives a compose snippet for a named volume at the container path', () => {
    const a = action(
      { key: 'docker-engine/native/volume', provider: 'docker-engine', mount: 'volume' },
      { containerPath: '/srv/site/' },
    );
    expect(a.kind).toBe('compose');
    const file = a.steps.find((s) => s.kind === 'file');
    expect(file?.kind === 'file' && file.text).toBe(
      [
        'services:',
        '  app:',
        '    volumes:',
        '      - ./:/srv/site',
        '      - deps:/srv/site/node_modules   # or vendor/, a cache, a database folder',
        'volumes:',
        '  deps:',
        '',
      ].join('\n'),
    );
  });
  it('refuses a container path that is not a plain absolute path', () => {
    expect(() => action({ key: 'a/b/tmpfs', mount: 'tmpfs' }, { containerPath: '../etc' })).toThrow(
      /absolute path/,
    );
  });
  it('lists the mutagen commands and the docker-sync files', () => {
    const m = action({
      key: 'docker-desktop/virtiofs/mutagen',
      provider: 'docker-desktop',
      mount: 'mutagen',
    });
    expect(m.kind).toBe('sync');
    expect(commands(m.steps)).toEqual([
      'mutagen daemon start',
      'mutagen sync create ./ docker://<container>/app --name app-code --sync-mode two-way-safe',
      'mutagen sync flush app-code',
      'mutagen sync terminate app-code',
    ]);
    const d = action({
      key: 'Docker Desktop/osxfs/docker-sync',
      label: 'docker-sync (unison)',
      mount: 'docker-sync',
    });
    const yml = d.steps.find((s) => s.kind === 'file' && s.name === 'docker-sync.yml');
    expect(yml?.kind === 'file' && yml.text).toContain('sync_strategy: unison');
    expect(commands(d.steps)).toEqual(['docker-sync start', 'docker-sync stop']);
  });
  it('gives the Compose Watch snippet with a sync action into the container path', () => {
    const w = action({ key: 'docker-desktop/virtiofs/compose-watch', mount: 'compose-watch' });
    expect(w.kind).toBe('sync');
    const file = w.steps.find((s) => s.kind === 'file' && s.name === 'compose.yaml');
    expect(file?.kind === 'file' && file.text).toContain(
      '        - action: sync\n          path: ./\n          target: /app\n',
    );
    expect(commands(w.steps)).toEqual(['docker compose watch']);
  });
  it('asks nothing for the native Linux share, the host and OrbStack; falls back to manual when unknown', () => {
    expect(action({ key: 'docker-engine/native/bind', provider: 'docker-engine' }).kind).toBe('none');
    expect(action({ key: 'host', mount: 'host' }).kind).toBe('none');
    expect(action({ key: 'orbstack/default/bind', provider: 'orbstack' }).kind).toBe('none');
    const unknown = action({
      key: 'UTM/none/bind',
      label: 'Docker in a UTM VM',
      fileSharing: 'none (files inside the VM)',
    });
    expect(unknown).toMatchObject({ kind: 'manual', apply: null });
    expect(unknown.summary).toMatch(/Docker in a UTM VM/);
  });
});
