// SIGKILL the sweep at every step of apply and restore, for every provider available here, then
// `mountbench restore`: settings files byte-identical, products back in their running state.
// Docker Desktop runs on its stand-in CLIs; the plain engine for real.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dockerDesktopProvider } from '../../src/core/providers/docker-desktop';
import { providerContext } from '../../src/core/providers/provider-context';
import {
  createStandinSandbox,
  DD_SETTINGS_DIR,
  type DockerDesktopFixture,
  type StandinSandbox,
} from '../stand-ins/sandbox';
import {
  FAULT_SCENARIO_TIMEOUT_MS,
  runFaultInjection,
  runFaultInjectionMeasuring,
  type FaultReport,
  type FaultSandbox,
} from './fault-injection-support';
import { mountbenchChild } from '../support/mountbench-cli';
import { image, labelledLeftovers, tempDir } from './support';

const totals: Record<string, FaultReport> = {};
afterAll(() => {
  const sweep = Object.values(totals).reduce((n, r) => n + r.sweepKillPoints, 0);
  const restore = Object.values(totals).reduce((n, r) => n + r.restoreKillPoints, 0);
  for (const [name, r] of Object.entries(totals)) {
    console.log(
      `fault injection: ${name}: ${r.sweepKillPoints} sweep kill points, ${r.restoreKillPoints} restore kill points`,
    );
  }
  console.log(
    `fault injection: ${sweep + restore} kill points tried in all (${sweep} in sweeps, ${restore} in restores)`,
  );
});

async function ddState(sb: StandinSandbox): Promise<string> {
  const found = await dockerDesktopProvider.detect(await providerContext({ env: sb.env }));
  return found.running ? 'running' : 'stopped';
}

const USER_DOCKER_CONFIG = '{\n\t"auths": {},\n\t"currentContext": "default"\n}';

/** A Docker Desktop stand-in home: the settings file, the user's own Docker context, running or quit. */
function ddSandbox(
  options: Parameters<typeof createStandinSandbox>[0] & { dockerDesktop: DockerDesktopFixture },
  running: boolean,
): () => Promise<FaultSandbox> {
  return async () => {
    const sb = createStandinSandbox({ ...options, env: { MOUNTBENCH_IMAGE: image } });
    if (running) expect((await sb.run('docker', ['desktop', 'start'])).code).toBe(0);
    // The user's own context, which Docker Desktop switches away from when it starts.
    mkdirSync(sb.file('.docker'), { recursive: true });
    writeFileSync(sb.file('.docker', 'config.json'), USER_DOCKER_CONFIG);
    const settings = options.dockerDesktop === 'settings-json-4.34' ? 'settings.json' : 'settings-store.json';
    return {
      env: sb.env,
      dataDir: sb.dataDir,
      watchedFiles: [sb.file(...DD_SETTINGS_DIR, settings), sb.file('.docker', 'config.json')],
      state: () => ddState(sb),
      remove: () => sb.remove(),
    };
  };
}

describe('fault injection', { timeout: FAULT_SCENARIO_TIMEOUT_MS }, () => {
  it('docker-desktop (stand-in), settings-store.json 4.43, running at start: every kill point restores byte for byte', async () => {
    const name = 'docker-desktop settings-store.json, running';
    totals[name] = await runFaultInjection({
      name,
      sweepArgs: ['sweep', '--provider', 'docker-desktop', '--variants', 'vz-grpcfuse,qemu-osxfs'],
      // The FUSE share made real (bindfs), so both settings pass verification and are measured.
      sandbox: ddSandbox({ dockerDesktop: 'settings-store-json-4.35', dockerDesktopShare: true }, true),
      measuresOnTheEngine: true,
    });
    expect(totals[name].sweepKillPoints).toBeGreaterThan(8);
  });

  it('docker-desktop (stand-in), settings.json 4.34 (quit/open route), quit at start: every kill point restores', async () => {
    const name = 'docker-desktop settings.json, quit';
    totals[name] = await runFaultInjection({
      name,
      sweepArgs: ['sweep', '--provider', 'docker-desktop', '--variants', 'vz-virtiofs'],
      sandbox: ddSandbox({ dockerDesktop: 'settings-json-4.34' }, false),
    });
    expect(totals[name].sweepKillPoints).toBeGreaterThan(3);
  });

  // Current releases: sparse settings-store.json files (SettingsVersion 43 and 46).
  it.each([
    ['settings-store-json-v43', 'running', 'docker-vmm', 8],
    ['settings-store-json-v46', 'quit', 'vz-grpcfuse', 3],
  ] as const)(
    'docker-desktop (stand-in), sparse %s, %s at start: every kill point restores byte for byte',
    async (fixture, at, variant, minKills) => {
      const name = `docker-desktop sparse ${fixture}, ${at}`;
      totals[name] = await runFaultInjection({
        name,
        sweepArgs: ['sweep', '--provider', 'docker-desktop', '--variants', variant],
        sandbox: ddSandbox({ dockerDesktop: fixture }, at === 'running'),
      });
      expect(totals[name].sweepKillPoints).toBeGreaterThan(minKills);
    },
  );

  it('docker-engine (real engine): every kill point leaves nothing to restore that restore cannot finish', async () => {
    const roots: ReturnType<typeof tempDir>[] = [];
    const envOf = (root: ReturnType<typeof tempDir>) => ({
      ...process.env,
      MOUNTBENCH_DATA_DIR: join(root.path, 'data'),
      MOUNTBENCH_CACHE_DIR: join(root.path, 'cache'),
    });
    const name = 'docker-engine';
    try {
      totals[name] = await runFaultInjectionMeasuring({
        name,
        sweepArgs: ['sweep', '--provider', 'docker-engine', '--variants', 'native,fuse'],
        sandbox: async () => {
          const root = tempDir('fault-engine');
          roots.push(root);
          return {
            env: envOf(root),
            dataDir: join(root.path, 'data'),
            watchedFiles: [],
            state: async () => 'no settings',
            // Removed below, once cleanup has had the killed sweeps' containers and FUSE mounts.
            remove: async () => undefined,
          };
        },
      });
      expect(totals[name].sweepKillPoints).toBeGreaterThan(2);
    } finally {
      // A killed sweep leaves its bench containers and FUSE mounts to the next run's cleanup.
      for (const root of roots) await mountbenchChild(['cleanup'], envOf(root));
      for (const pid of totals[name]?.killedPids ?? [])
        expect(await labelledLeftovers({ ownerPid: pid }), `left by the sweep killed as ${pid}`).toEqual({
          containers: [],
          volumes: [],
        });
      for (const root of roots) root.remove();
    }
  });
});
