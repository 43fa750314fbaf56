import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { currentProvider, defaultProvider, providerInConf } from './machine-provider';

describe('providerInConf', () => {
  it('reads only the [machine] table’s provider, ignoring comments and other tables', () => {
    expect(
      providerInConf(
        '[engine]\nprovider = "applehv"\n[machine]\n#provider = "x"\nprovider = "libkrun" # gpu\n',
      ),
    ).toBe('libkrun');
    expect(providerInConf("[machine]\nprovider='AppleHV'\n")).toBe('applehv');
    expect(providerInConf('[machine]\ncpus = 4\n')).toBeNull();
    expect(providerInConf('provider = "libkrun"\n')).toBeNull();
  });
});

describe('currentProvider', () => {
  let home: string | undefined;
  // Not every test makes a home: the one that runs first may have none to remove.
  afterEach(() => {
    if (home) rmSync(home, { recursive: true, force: true });
    home = undefined;
  });

  function withConf(text: string): string {
    const made = mkdtempSync(join(tmpdir(), 'mb-podman-conf-'));
    home = made;
    mkdirSync(join(made, '.config', 'containers'), { recursive: true });
    writeFileSync(join(made, '.config', 'containers', 'containers.conf'), text);
    return made;
  }

  it('takes CONTAINERS_MACHINE_PROVIDER before containers.conf, and an empty one as the default', async () => {
    const h = withConf('[machine]\nprovider = "libkrun"\n');
    expect((await currentProvider({}, h, '5.8.2')).provider).toBe('libkrun');
    expect((await currentProvider({ CONTAINERS_MACHINE_PROVIDER: 'applehv' }, h, '5.8.2')).provider).toBe(
      'applehv',
    );
    expect((await currentProvider({ CONTAINERS_MACHINE_PROVIDER: '' }, h, '5.8.2')).provider).toBe('applehv');
  });

  it('names a provider Podman does not run on macOS instead of guessing', async () => {
    const h = withConf('[machine]\nprovider = "qemu"\n');
    expect(await currentProvider({}, h, '5.8.2')).toMatchObject({ provider: null, unknown: 'qemu' });
  });

  it('defaults to applehv before Podman 6.0 and libkrun from it', () => {
    expect(defaultProvider('5.8.2')).toBe('applehv');
    expect(defaultProvider('6.0.0')).toBe('libkrun');
    expect(defaultProvider(null)).toBe('applehv');
  });
});
