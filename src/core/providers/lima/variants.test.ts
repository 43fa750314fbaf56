import { describe, expect, it } from 'vitest';
import { parseHostOverride } from '../../vocab/host-facts';
import { parseInstanceLine } from './limactl';
import { instanceForVariant, listLimaVariants, variantFromValues, defById } from './variants';

const mac = parseHostOverride('darwin arm64 14.5')!;
const intel = parseHostOverride('darwin x64 14.5')!;
const all = { qemu: true, krunkit: true };
const available = (list: ReturnType<typeof listLimaVariants>) =>
  list.filter((v) => v.available).map((v) => v.id);

describe('Lima variants', () => {
  it('offers every VM type × the mount types its driver takes, 9p with its msize and cache', () => {
    expect(available(listLimaVariants(mac, '2.2.0', all, null))).toEqual([
      'qemu-reverse-sshfs',
      'qemu-9p-128k-mmap',
      'qemu-9p-128k-fscache',
      'qemu-9p-512k-mmap',
      'qemu-9p-128k-loose',
      'vz-reverse-sshfs',
      'vz-virtiofs',
      'krunkit-reverse-sshfs',
      'krunkit-virtiofs',
    ]);
  });

  it('greys krunkit before Lima 2.0, off Apple silicon and without krunkit, and QEMU without qemu-img', () => {
    const reason = (host = mac, version = '2.2.0', tools = all, id = 'krunkit-virtiofs') =>
      listLimaVariants(host, version, tools, null).find((v) => v.id === id)?.reason;
    expect(reason(mac, '1.2.3')).toMatch(/Lima 2\.0\.0 or later/);
    expect(reason(intel)).toMatch(/Apple silicon/);
    expect(reason(mac, '2.2.0', { qemu: true, krunkit: false })).toMatch(/krunkit is not installed/);
    expect(reason(mac, '2.2.0', { qemu: false, krunkit: true }, 'qemu-9p-128k-mmap')).toMatch(/QEMU/);
    expect(reason(mac, '0.16.0', all, 'vz-virtiofs')).toMatch(/edit --mount-type/);
  });

  it("edits the user's instance for its own VM type and uses a bench instance for the others", () => {
    const own = { name: 'docker', vmType: 'qemu' };
    expect(instanceForVariant(defById('qemu-9p-512k-mmap')!, own)).toBe('docker');
    expect(instanceForVariant(defById('vz-virtiofs')!, own)).toBe('mountbench-vz');
    expect(instanceForVariant(defById('qemu-reverse-sshfs')!, null)).toBe('mountbench-qemu');
  });

  it('names what an instance runs, and a 9p it does not offer as what it is', () => {
    expect(variantFromValues('qemu', '9p', { msize: '128KiB', cache: 'mmap' }).id).toBe('qemu-9p-128k-mmap');
    expect(variantFromValues('qemu', '9p', { msize: '256KiB', cache: 'mmap' })).toEqual({
      id: null,
      label: 'qemu + 9p, msize 256KiB, cache mmap',
    });
    expect(variantFromValues('vz', 'virtiofs', null).id).toBe('vz-virtiofs');
  });
});

describe('limactl list --json lines', () => {
  const line = (o: unknown) => JSON.stringify(o);
  it('reads the resolved config and the docker socket the template forwards', () => {
    const i = parseInstanceLine(
      line({
        name: 'docker',
        status: 'Running',
        dir: '/Users/a/.lima/docker',
        vmType: 'qemu',
        config: {
          mountType: '9p',
          mounts: [{ location: '/Users/a', '9p': { msize: '128KiB', cache: 'fscache' } }],
          portForwards: [
            {
              guestSocket: '/run/user/501/docker.sock',
              hostSocket: '/Users/a/.lima/docker/sock/docker.sock',
            },
          ],
        },
      }),
    );
    expect(i).toMatchObject({
      name: 'docker',
      running: true,
      mountType: '9p',
      ninep: { msize: '128KiB', cache: 'fscache' },
      dockerSocket: '/Users/a/.lima/docker/sock/docker.sock',
    });
  });

  it('skips an instance with a name or folder it cannot trust, and refuses what is not JSON', () => {
    expect(parseInstanceLine(line({ name: '../x', dir: '/a', status: 'Running' }))).toBeNull();
    expect(parseInstanceLine(line({ name: 'ok', dir: 'relative', status: 'Running' }))).toBeNull();
    expect(parseInstanceLine(line({ name: 'ok', dir: '/a', status: 'Stopped' }))?.dockerSocket).toBeNull();
    expect(() => parseInstanceLine('{not json')).toThrow(/not JSON/);
    expect(() => parseInstanceLine(`"${'x'.repeat(1 << 21)}"`)).toThrow(/over 1 MiB/);
  });
});
