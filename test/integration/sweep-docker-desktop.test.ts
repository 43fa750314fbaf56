// `mountbench providers`, `sweep` and `restore` as a user types them, against a sandbox home with
// Docker Desktop's real-format settings and its stand-in CLIs (the stand-in's socket forwards to
// the real engine, so the running containers listed and the bench probe are real).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findUnfinishedJournals } from '../../src/core/journal';
import { createStandinSandbox, DD_SETTINGS_DIR, type StandinSandbox } from '../stand-ins/sandbox';
import { mountbenchChild } from '../support/mountbench-cli';
import { docker, image } from './support';

let sb: StandinSandbox;
afterEach(async () => {
  await sb?.remove();
});

const QUICK = ['--workload', 'dd-write', '--size', 'quick', '--runs', '1', '--warmup', '0'];
const USER_CONFIG = '{\n\t"auths": {},\n\t"currentContext": "default"\n}';

function setUp(): { settings: string; config: string; bytes: Buffer } {
  sb = createStandinSandbox({ dockerDesktop: 'settings-store-json-4.35', env: { MOUNTBENCH_IMAGE: image } });
  const settings = sb.file(...DD_SETTINGS_DIR, 'settings-store.json');
  return { settings, config: sb.file('.docker', 'config.json'), bytes: readFileSync(settings) };
}

describe('mountbench providers / sweep / restore on a Docker Desktop sandbox (stand-in)', () => {
  it('providers --json reports version, settings file, current variant and unavailable variants with reasons', async () => {
    setUp();
    const out = await mountbenchChild(['providers', '--json'], sb.env);
    expect(out.code).toBe(0);
    const list = JSON.parse(out.stdout) as {
      detection: {
        id: string;
        installed: boolean;
        version: string;
        currentVariant: string;
        settingsFile: string;
      };
      variants: { id: string; available: boolean; reason?: string }[];
    }[];
    const dd = list.find((p) => p.detection.id === 'docker-desktop');
    expect(dd?.detection).toMatchObject({
      installed: true,
      version: '4.43.0',
      currentVariant: 'vz-virtiofs',
    });
    expect(dd?.detection.settingsFile).toMatch(/settings-store\.json$/);
    expect(dd?.variants.find((v) => v.id === 'hyperkit-grpcfuse')).toMatchObject({
      available: false,
      reason: expect.stringMatching(/Intel/),
    });
    expect(list.find((p) => p.detection.id === 'docker-engine')?.detection.installed).toBe(true);
  });

  it('without --yes lists the running containers that would stop, and changes nothing', async () => {
    const { settings, bytes } = setUp();
    expect((await sb.run('docker', ['desktop', 'start'])).code).toBe(0);
    const name = `user-app-${process.pid}`;
    const container = await docker.createContainer({ name, Image: image, Cmd: ['sleep', '300'] });
    await container.start();
    try {
      const out = await mountbenchChild(
        ['sweep', '--provider', 'docker-desktop', '--variants', 'vz-grpcfuse', ...QUICK],
        sb.env,
      );
      expect(out.code).toBe(0);
      expect(out.stdout).toMatch(new RegExp(`these running containers will stop: .*${name}`));
      expect(out.stdout).toMatch(/UseVirtualizationFrameworkVirtioFS true → false; restarts/);
      expect(out.stdout).toMatch(/hyperkit-osxfs: needs an Intel Mac/);
      expect(out.stdout).toMatch(/Nothing was changed/);
      expect(readFileSync(settings).equals(bytes)).toBe(true);
    } finally {
      await container.remove({ force: true });
    }
  });

  it('--yes switches, refuses to measure a variant whose fs type does not match, and puts settings and context back', async () => {
    const { settings, config, bytes } = setUp();
    mkdirSync(dirname(config), { recursive: true });
    writeFileSync(config, USER_CONFIG);
    const out = await mountbenchChild(
      ['sweep', '--provider', 'docker-desktop', '--variants', 'vz-grpcfuse', ...QUICK, '--yes'],
      sb.env,
    );
    // The stand-in's engine is the local one: its bind mounts are not gRPC FUSE, so nothing is measured.
    expect(out.stdout).toMatch(/✗ vz-grpcfuse .*serves bind mounts as fuse\.grpcfuse.*not measured/);
    expect(out.stdout).toMatch(/Settings, running state and Docker context were put back/);
    expect(out.code).toBe(1);
    expect(readFileSync(settings).equals(bytes)).toBe(true);
    expect(readFileSync(config, 'utf8')).toBe(USER_CONFIG);
    expect(await findUnfinishedJournals(sb.dataDir)).toEqual([]);
  });

  it('cancel while Docker Desktop starts: restores and says so', async () => {
    const { settings, bytes } = setUp();
    sb.env.STANDIN_DOCKER_DESKTOP_START_MS = '5000';
    let sent = false;
    const out = await mountbenchChild(
      ['sweep', '--provider', 'docker-desktop', '--variants', 'vz-grpcfuse', ...QUICK, '--yes'],
      sb.env,
      {
        onStderr: (text, child) => {
          if (!sent && /vz-grpcfuse: wait/.test(text)) {
            sent = true;
            child.kill('SIGINT');
          }
        },
      },
    );
    expect(sent).toBe(true);
    expect(out.code).toBe(130);
    expect(out.stderr).toMatch(/cancelled; settings were put back/);
    expect(readFileSync(settings).equals(bytes)).toBe(true);
    expect(await findUnfinishedJournals(sb.dataDir)).toEqual([]);
  });

  it('restore with nothing to do says so', async () => {
    setUp();
    const out = await mountbenchChild(['restore'], sb.env);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/Nothing to restore/);
  });
});
