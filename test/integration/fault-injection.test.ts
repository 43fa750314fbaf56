// SIGKILL the sweep at every step of apply and restore, for every provider available here, then
// `mountbench restore`: settings files byte-identical, products back in their running state.
// Docker Desktop runs on its stand-in CLIs; the plain engine for real.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dockerDesktopProvider } from '../../src/core/providers/docker-desktop';
import { providerContext } from '../../src/core/providers/provider-context';
import { createStandinSandbox, DD_SETTINGS_DIR, type StandinSandbox } from '../stand-ins/sandbox';
import { FAULT_SCENARIO_TIMEOUT_MS, runFaultInjection, type FaultReport } from './fault-injection-support';
import { mountbenchChild } from './mountbench-child';
import { image, labelledLeftovers, tempDir } from './support';

const QUICK = ['--workload', 'dd-write', '--size', 'quick', '--runs', '1', '--warmup', '0'];
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

describe('fault injection', { timeout: FAULT_SCENARIO_TIMEOUT_MS }, () => {
  it('docker-desktop (stand-in), settings-store.json 4.43, running at start: every kill point restores byte for byte', async () => {
    const sb = createStandinSandbox({
      dockerDesktop: 'settings-store-json-4.35',
      env: { MOUNTBENCH_IMAGE: image },
    });
    try {
      expect((await sb.run('docker', ['desktop', 'start'])).code).toBe(0);
      // The user's own context, which Docker Desktop switches away from when it starts.
      writeFileSync(sb.file('.docker', 'config.json'), '{\n\t"auths": {},\n\t"currentContext": "default"\n}');
      const name = 'docker-desktop settings-store.json, running';
      totals[name] = await runFaultInjection({
        name,
        env: sb.env,
        dataDir: sb.dataDir,
        sweepArgs: [
          'sweep',
          '--provider',
          'docker-desktop',
          '--variants',
          'vz-grpcfuse,qemu-osxfs',
          ...QUICK,
        ],
        watchedFiles: [sb.file(...DD_SETTINGS_DIR, 'settings-store.json'), sb.file('.docker', 'config.json')],
        state: () => ddState(sb),
      });
      expect(totals[name].sweepKillPoints).toBeGreaterThan(8);
    } finally {
      await sb.remove();
    }
  });

  it('docker-desktop (stand-in), settings.json 4.34 (quit/open route), quit at start: every kill point restores', async () => {
    const sb = createStandinSandbox({
      dockerDesktop: 'settings-json-4.34',
      env: { MOUNTBENCH_IMAGE: image },
    });
    try {
      const name = 'docker-desktop settings.json, quit';
      totals[name] = await runFaultInjection({
        name,
        env: sb.env,
        dataDir: sb.dataDir,
        sweepArgs: ['sweep', '--provider', 'docker-desktop', '--variants', 'vz-virtiofs', ...QUICK],
        watchedFiles: [sb.file(...DD_SETTINGS_DIR, 'settings.json'), sb.file('.docker', 'config.json')],
        state: () => ddState(sb),
      });
      expect(totals[name].sweepKillPoints).toBeGreaterThan(3);
    } finally {
      await sb.remove();
    }
  });

  // Current releases: sparse settings-store.json files (SettingsVersion 43 and 46).
  it.each([
    ['settings-store-json-v43', 'running', 'docker-vmm', 8],
    ['settings-store-json-v46', 'quit', 'vz-grpcfuse', 3],
  ] as const)(
    'docker-desktop (stand-in), sparse %s, %s at start: every kill point restores byte for byte',
    async (fixture, at, variant, minKills) => {
      const sb = createStandinSandbox({ dockerDesktop: fixture, env: { MOUNTBENCH_IMAGE: image } });
      try {
        if (at === 'running') expect((await sb.run('docker', ['desktop', 'start'])).code).toBe(0);
        mkdirSync(sb.file('.docker'), { recursive: true });
        writeFileSync(
          sb.file('.docker', 'config.json'),
          '{\n\t"auths": {},\n\t"currentContext": "default"\n}',
        );
        const name = `docker-desktop sparse ${fixture}, ${at}`;
        totals[name] = await runFaultInjection({
          name,
          env: sb.env,
          dataDir: sb.dataDir,
          sweepArgs: ['sweep', '--provider', 'docker-desktop', '--variants', variant, ...QUICK],
          watchedFiles: [
            sb.file(...DD_SETTINGS_DIR, 'settings-store.json'),
            sb.file('.docker', 'config.json'),
          ],
          state: () => ddState(sb),
        });
        expect(totals[name].sweepKillPoints).toBeGreaterThan(minKills);
      } finally {
        await sb.remove();
      }
    },
  );

  it('docker-engine (real engine): every kill point leaves nothing to restore that restore cannot finish', async () => {
    const root = tempDir('fault-engine');
    const env = {
      ...process.env,
      MOUNTBENCH_DATA_DIR: join(root.path, 'data'),
      MOUNTBENCH_CACHE_DIR: join(root.path, 'cache'),
    };
    try {
      const name = 'docker-engine';
      totals[name] = await runFaultInjection({
        name,
        env,
        dataDir: join(root.path, 'data'),
        sweepArgs: ['sweep', '--provider', 'docker-engine', '--variants', 'native,fuse', ...QUICK],
        watchedFiles: [],
        state: async () => 'no settings',
      });
      expect(totals[name].sweepKillPoints).toBeGreaterThan(2);
    } finally {
      // A killed sweep leaves its bench containers and FUSE mounts to the next run's cleanup.
      await mountbenchChild(['cleanup'], env);
      expect(await labelledLeftovers({ deadOwnersOnly: true })).toEqual({ containers: [], volumes: [] });
      root.remove();
    }
  });
});
