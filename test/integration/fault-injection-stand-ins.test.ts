// Fault injection for Rancher Desktop, colima, OrbStack, Lima and Podman on their stand-ins, with the shared
// harness (fault-injection-support.ts): `mountbench sweep --yes` SIGKILLed after every journal step,
// then `mountbench restore` (itself killed at each of its steps): the settings file and the user's
// Docker config byte-identical, each product back in the state it had. A provider not registered
// in the CLI yet (providers/registry.ts) is skipped, not failed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { podmanProvider } from '../../src/core/providers/podman';
import { colimaProvider } from '../../src/core/providers/colima';
import { limaProvider } from '../../src/core/providers/lima';
import { orbstackProvider } from '../../src/core/providers/orbstack';
import { providerContext } from '../../src/core/providers/provider-context';
import { rancherDesktopProvider } from '../../src/core/providers/rancher-desktop';
import { PROVIDERS } from '../../src/core/providers/registry';
import { createStandinSandbox, RD_SETTINGS, type StandinSandbox } from '../stand-ins/sandbox';
import { FAULT_SCENARIO_TIMEOUT_MS, runFaultInjection, type FaultReport } from './fault-injection-support';
import { startPodmanEngine } from './podman-engine';
import { image } from './support';

const QUICK = ['--workload', 'dd-write', '--size', 'quick', '--runs', '1', '--warmup', '0'];
const registered = (id: string) => PROVIDERS.some((p) => p.id === id);
const totals: Record<string, FaultReport> = {};
afterAll(() => {
  for (const [name, r] of Object.entries(totals)) {
    console.log(
      `fault injection: ${name}: ${r.sweepKillPoints} sweep kill points, ${r.restoreKillPoints} restore kill points`,
    );
  }
});

/** The user's own Docker context, which a sweep must put back. */
function userDockerConfig(sb: StandinSandbox): string {
  const file = sb.file('.docker', 'config.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '{\n\t"auths": {},\n\t"currentContext": "default"\n}');
  return file;
}

async function rdState(sb: StandinSandbox): Promise<string> {
  const found = await rancherDesktopProvider.detect(await providerContext({ env: sb.env }));
  return found.running ? 'running' : 'stopped';
}

const slow = { timeout: FAULT_SCENARIO_TIMEOUT_MS };

describe.skipIf(!registered('rancher-desktop'))('fault injection: rancher-desktop (stand-in)', slow, () => {
  it('settings version 19, running at start: every kill point restores settings.json byte for byte', async () => {
    const sb = createStandinSandbox({ rancherDesktop: 19 });
    try {
      expect((await sb.run('rdctl', ['start'])).code).toBe(0);
      await rancherDesktopProvider.waitReady(await providerContext({ env: sb.env }), { timeoutMs: 30_000 });
      const name = 'rancher-desktop v19, running';
      totals[name] = await runFaultInjection({
        name,
        env: sb.env,
        dataDir: sb.dataDir,
        sweepArgs: [
          'sweep',
          '--provider',
          'rancher-desktop',
          '--variants',
          'qemu-9p-512k,vz-reverse-sshfs',
          ...QUICK,
        ],
        watchedFiles: [sb.file(...RD_SETTINGS), userDockerConfig(sb)],
        state: () => rdState(sb),
      });
      expect(totals[name].sweepKillPoints).toBeGreaterThan(4);
    } finally {
      await sb.remove();
    }
  });

  it('settings version 14, quit at start: every kill point restores and leaves it quit', async () => {
    const sb = createStandinSandbox({ rancherDesktop: 14 });
    try {
      const name = 'rancher-desktop v14, quit';
      totals[name] = await runFaultInjection({
        name,
        env: sb.env,
        dataDir: sb.dataDir,
        sweepArgs: ['sweep', '--provider', 'rancher-desktop', '--variants', 'qemu-9p-128k', ...QUICK],
        watchedFiles: [sb.file(...RD_SETTINGS), userDockerConfig(sb)],
        state: () => rdState(sb),
      });
      expect(totals[name].sweepKillPoints).toBeGreaterThan(2);
    } finally {
      await sb.remove();
    }
  });
});

describe.skipIf(!registered('colima'))('fault injection: colima (stand-in)', slow, () => {
  it('two bench profiles: every kill point ends with no bench profile and the user’s profile untouched', async () => {
    const sb = createStandinSandbox({ colimaDefault: true });
    try {
      const name = 'colima, two variants';
      totals[name] = await runFaultInjection({
        name,
        env: sb.env,
        dataDir: sb.dataDir,
        sweepArgs: ['sweep', '--provider', 'colima', '--variants', 'qemu-sshfs,vz-virtiofs', ...QUICK],
        watchedFiles: [sb.file('.colima', 'default', 'colima.yaml'), userDockerConfig(sb)],
        state: async () => {
          const ctx = await providerContext({ env: sb.env });
          const found = await colimaProvider.detect(ctx);
          return `running=${String(found.running)} profiles=${(await sb.run('colima', ['list', '--json'])).stdout.trim()}`;
        },
      });
      expect(totals[name].sweepKillPoints).toBeGreaterThan(3);
    } finally {
      await sb.remove();
    }
  });
});

describe.skipIf(!registered('orbstack'))('fault injection: orbstack (stand-in)', slow, () => {
  it('stopped at start: every kill point ends with OrbStack stopped again', async () => {
    const sb = createStandinSandbox({ orbstack: true });
    try {
      const name = 'orbstack, stopped';
      totals[name] = await runFaultInjection({
        name,
        env: sb.env,
        dataDir: sb.dataDir,
        sweepArgs: ['sweep', '--provider', 'orbstack', ...QUICK],
        watchedFiles: [userDockerConfig(sb)],
        state: async () =>
          String((await orbstackProvider.detect(await providerContext({ env: sb.env }))).running),
      });
      expect(totals[name].sweepKillPoints).toBeGreaterThan(0);
    } finally {
      await sb.remove();
    }
  });
});

/**
 * Lima's observable state: the active instance the provider finds, and every instance with its
 * status and resolved VM and mount types (a bench instance left behind, or the user's left stopped
 * or on another mount type, shows here).
 */
async function limaState(sb: StandinSandbox): Promise<string> {
  const found = await limaProvider.detect(await providerContext({ env: sb.env }));
  const listed = (await sb.run('limactl', ['list', '--json'])).stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const i = JSON.parse(line) as {
        name: string;
        status: string;
        config?: { vmType?: string; mountType?: string };
      };
      return `${i.name}=${i.status}/${String(i.config?.vmType)}/${String(i.config?.mountType)}`;
    });
  return `running=${String(found.running)} ${listed.join(' ')}`;
}

describe.skipIf(!registered('lima'))('fault injection: lima (stand-in)', slow, () => {
  it('the user’s QEMU instance running: its mount type edited, then a VZ bench instance; every kill point restores lima.yaml byte for byte, the instance running and no bench instance', async () => {
    const sb = createStandinSandbox({ limaDocker: true, env: { MOUNTBENCH_IMAGE: image } });
    try {
      expect((await sb.run('limactl', ['start', 'docker'])).code).toBe(0);
      const name = 'lima, user’s instance running, edit + bench instance';
      totals[name] = await runFaultInjection({
        name,
        env: sb.env,
        dataDir: sb.dataDir,
        sweepArgs: ['sweep', '--provider', 'lima', '--variants', 'qemu-reverse-sshfs,vz-virtiofs', ...QUICK],
        watchedFiles: [
          sb.file('.lima', 'docker', 'lima.yaml'),
          sb.file('.lima', 'docker', 'lima-version'),
          userDockerConfig(sb),
        ],
        state: () => limaState(sb),
      });
      // Stop, edit, start the user's instance; create, start the bench one; stop, delete it; put lima.yaml back.
      expect(totals[name].sweepKillPoints).toBeGreaterThan(5);
    } finally {
      await sb.remove();
    }
  });

  it('the user’s QEMU instance stopped: 9p at 512 KiB edited in; every kill point restores lima.yaml and leaves it stopped', async () => {
    const sb = createStandinSandbox({ limaDocker: true, env: { MOUNTBENCH_IMAGE: image } });
    try {
      const name = 'lima, user’s instance stopped, 9p 512k';
      totals[name] = await runFaultInjection({
        name,
        env: sb.env,
        dataDir: sb.dataDir,
        sweepArgs: ['sweep', '--provider', 'lima', '--variants', 'qemu-9p-512k-mmap', ...QUICK],
        watchedFiles: [
          sb.file('.lima', 'docker', 'lima.yaml'),
          sb.file('.lima', 'docker', 'lima-version'),
          userDockerConfig(sb),
        ],
        state: () => limaState(sb),
      });
      expect(totals[name].sweepKillPoints).toBeGreaterThan(2);
    } finally {
      await sb.remove();
    }
  });
});

describe.skipIf(!registered('podman'))(
  'fault injection: podman (stand-in on a real Podman engine)',
  slow,
  () => {
    it('the user’s applehv machine running, a libkrun bench machine: every kill point ends with no bench machine and the user’s machine running', async () => {
      const engine = await startPodmanEngine();
      const sb = createStandinSandbox({
        podmanMachine: 'applehv',
        podmanEngineSocket: engine.socket,
        krunkit: true,
        env: { MOUNTBENCH_IMAGE: image },
      });
      try {
        const conf = sb.file('.config', 'containers', 'containers.conf');
        mkdirSync(dirname(conf), { recursive: true });
        writeFileSync(conf, '[machine]\nprovider = "applehv"\n');
        expect((await sb.run('podman', ['machine', 'start'])).code).toBe(0);
        const machines = async (provider: string) =>
          (
            JSON.parse(
              (
                await sb.run('podman', ['machine', 'list', '--format', 'json'], {
                  CONTAINERS_MACHINE_PROVIDER: provider,
                })
              ).stdout,
            ) as Array<{ Name: string; Running: boolean }>
          ).map((m) => `${provider}/${m.Name}=${m.Running ? 'running' : 'stopped'}`);
        const name = 'podman, user’s machine running, libkrun';
        totals[name] = await runFaultInjection({
          name,
          env: sb.env,
          dataDir: sb.dataDir,
          sweepArgs: ['sweep', '--provider', 'podman', '--variants', 'libkrun', ...QUICK],
          // The user's machine file gets a new LastUp from Podman when it starts again: not watched.
          watchedFiles: [conf, userDockerConfig(sb)],
          state: async () => {
            const found = await podmanProvider.detect(await providerContext({ env: sb.env }));
            return `${found.engineName} ${[...(await machines('applehv')), ...(await machines('libkrun'))].join(' ')}`;
          },
        });
        // Stop the user's machine, init, start, then remove and start the user's again: four product steps at least.
        expect(totals[name].sweepKillPoints).toBeGreaterThan(4);
      } finally {
        await sb.remove();
        await engine.stop();
      }
    });
  },
);
