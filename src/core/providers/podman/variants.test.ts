import { describe, expect, it } from 'vitest';
import { parseHostOverride } from '../../vocab/host-facts';
import { podmanAction } from './setup-action';
import { describeSetup } from '../../vocab/setup-kind';
import { listPodmanVariants, machineFor, isBenchMachine } from './variants';

const host = (text: string) => parseHostOverride(text)!;
const reasons = (h: string, version: string | null, krunkit = true) =>
  Object.fromEntries(listPodmanVariants(host(h), version, { krunkit }).map((v) => [v.id, v.reason ?? 'ok']));

describe('Podman variants', () => {
  it('offers applehv and libkrun on Apple silicon with krunkit, both served as virtiofs', () => {
    const list = listPodmanVariants(host('darwin arm64 14.5'), '5.8.2', { krunkit: true });
    expect(list.map((v) => [v.id, v.available, v.expectedFsTypes])).toEqual([
      ['applehv', true, ['virtiofs']],
      ['libkrun', true, ['virtiofs']],
    ]);
  });

  it('says why a variant cannot run: Intel, no krunkit, old Podman, old macOS, not a Mac', () => {
    expect(reasons('darwin x64 14.5', '5.8.2').libkrun).toMatch(/Apple silicon only/);
    expect(reasons('darwin arm64 14.5', '5.8.2', false).libkrun).toMatch(/krunkit is not installed/);
    expect(reasons('darwin arm64 14.5', '5.0.1').libkrun).toMatch(/Podman 5\.1\.0 or later/);
    expect(reasons('darwin arm64 14.5', '4.9.3').applehv).toMatch(/Podman 5\.0\.0 or later/);
    expect(reasons('darwin arm64 12.7', '5.8.2').applehv).toMatch(/macOS 13/);
    expect(reasons('linux x64', '5.8.2').applehv).toMatch(/macOS only/);
  });

  it('names bench machines apart from the user’s', () => {
    expect(machineFor('libkrun')).toBe('mountbench-libkrun');
    expect(isBenchMachine('mountbench-applehv')).toBe(true);
    expect(isBenchMachine('podman-machine-default')).toBe(false);
    expect(isBenchMachine('mountbench-qemu')).toBe(false);
  });

  it('advises a new machine with the provider and the shared folders, which cannot change later', () => {
    const setup = describeSetup({
      key: 'podman/libkrun/bind',
      label: 'Podman · krunkit + virtiofs · bind',
      provider: 'podman',
      fileSharing: 'krunkit + virtiofs',
      mount: 'bind',
    });
    expect(setup.sharing).toBe('virtiofs');
    const action = podmanAction(setup, {});
    expect(action.apply).toEqual({ provider: 'podman', variant: 'libkrun' });
    expect(action.steps[0]).toMatchObject({
      kind: 'command',
      command:
        'CONTAINERS_MACHINE_PROVIDER=libkrun podman machine init -v /Users:/Users -v /private:/private -v /var/folders:/var/folders dev',
    });
  });
});
