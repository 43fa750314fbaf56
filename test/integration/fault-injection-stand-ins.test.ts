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
import { PROVIDERS } from '../../src/core/products/registry';
import { createStandinSandbox, RD_SETTINGS, type StandinSandbox } from '../stand-ins/sandbox';
import {
  FAULT_SCENARIO_TIMEOUT_MS,
  runFaultInjection,
  type FaultReport,
  type FaultSandbox,
} from './fault-injection-support';
import { startPodmanEngine } from './podman-engine';
import { image } from './support';

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

/**
 * A lane's sandbox for a stand-in: made with `options` (the bench image always, so a sweep's
 * verification never stops at a pull), set up as the user has it by `prepare`, which returns the
 * files to watch; `state` reads the product.
 */
function standIn(
  options: Parameters<typeof createStandinSandbox>[0],
  prepare: (sb: StandinSandbox) => Promise<string[]>,
  state: (sb: StandinSandbox) => Promise<string>,
): () => Promise<FaultSandbox> {
  return async () => {
    const sb = createStandinSandbox({ ...options, env: { MOUNTBENCH_IMAGE: image, ...options?.env } });
    const watchedFiles = await prepare(sb);
    return {
      env: sb.env,
      dataDir: sb.dataDir,
      watchedFiles,
      state: () => state(sb),
      remove: () => sb.remove(),
    };
  };
}

describe.skipIf(!registered('rancher-desktop'))('fault injection: rancher-desktop (stand-in)', slow, () => {
  it('settings version 19, running at start: every kill point restores settings.json byte for byte', async () => {
    const name = 'rancher-desktop v19, running';
    totals[name] = await runFaultInjection({
      name,
      sweepArgs: ['sweep', '--provider', 'rancher-desktop', '--variants', 'qemu-9p-512k,vz-reverse-sshfs'],
      sandbox: standIn(
        { rancherDesktop: 19 },
        async (sb) => {
          expect((await sb.run('rdctl', ['start'])).code).toBe(0);
          await rancherDesktopProvider.waitReady(await providerContext({ env: sb.env }), {
            timeoutMs: 30_000,
          });
          return [sb.file(...RD_SETTINGS), userDockerConfig(sb)];
        },
        rdState,
      ),
    });
    expect(totals[name].sweepKillPoints).toBeGreaterThan(4);
  });

  it('settings version 14, quit at start: every kill point restores and leaves it quit', async () => {
    const name = 'rancher-desktop v14, quit';
    totals[name] = await runFaultInjection({
      name,
      sweepArgs: ['sweep', '--provider', 'rancher-desktop', '--variants', 'qemu-9p-128k'],
      sandbox: standIn(
        { rancherDesktop: 14 },
        async (sb) => [sb.file(...RD_SETTINGS), userDockerConfig(sb)],
        rdState,
      ),
    });
    expect(totals[name].sweepKillPoints).toBeGreaterThan(2);
  });
});

describe.skipIf(!registered('colima'))('fault injection: colima (stand-in)', slow, () => {
  it('two bench profiles: every kill point ends with no bench profile and the user’s profile untouched', async () => {
    const name = 'colima, two variants';
    totals[name] = await runFaultInjection({
      name,
      sweepArgs: ['sweep', '--provider', 'colima', '--variants', 'qemu-sshfs,vz-virtiofs'],
      sandbox: standIn(
        { colimaDefault: true },
        async (sb) => [sb.file('.colima', 'default', 'colima.yaml'), userDockerConfig(sb)],
        async (sb) => {
          const found = await colimaProvider.detect(await providerContext({ env: sb.env }));
          return `running=${String(found.running)} profiles=${(await sb.run('colima', ['list', '--json'])).stdout.trim()}`;
        },
      ),
    });
    expect(totals[name].sweepKillPoints).toBeGreaterThan(3);
  });
});

describe.skipIf(!registered('orbstack'))('fault injection: orbstack (stand-in)', slow, () => {
  it('stopped at start: every kill point ends with OrbStack stopped again', async () => {
    const name = 'orbstack, stopped';
    totals[name] = await runFaultInjection({
      name,
      sweepArgs: ['sweep', '--provider', 'orbstack'],
      sandbox: standIn(
        { orbstack: true },
        async (sb) => [userDockerConfig(sb)],
        async (sb) => String((await orbstackProvider.detect(await providerContext({ env: sb.env }))).running),
      ),
      measuresOnTheEngine: true,
    });
    expect(totals[name].sweepKillPoints).toBeGreaterThan(0);
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

const limaFiles = (sb: StandinSandbox) => [
  sb.file('.lima', 'docker', 'lima.yaml'),
  sb.file('.lima', 'docker', 'lima-version'),
  userDockerConfig(sb),
];

describe.skipIf(!registered('lima'))('fault injection: lima (stand-in)', slow, () => {
  it('the user’s QEMU instance running: its mount type edited, then a VZ bench instance; every kill point restores lima.yaml byte for byte, the instance running and no bench instance', async () => {
    const name = 'lima, user’s instance running, edit + bench instance';
    totals[name] = await runFaultInjection({
      name,
      sweepArgs: ['sweep', '--provider', 'lima', '--variants', 'qemu-reverse-sshfs,vz-virtiofs'],
      sandbox: standIn(
        { limaDocker: true },
        async (sb) => {
          expect((await sb.run('limactl', ['start', 'docker'])).code).toBe(0);
          return limaFiles(sb);
        },
        limaState,
      ),
    });
    // Stop, edit, start the user's instance; create, start the bench one; stop, delete it; put lima.yaml back.
    expect(totals[name].sweepKillPoints).toBeGreaterThan(5);
  });

  it('the user’s QEMU instance stopped: 9p at 512 KiB edited in; every kill point restores lima.yaml and leaves it stopped', async () => {
    const name = 'lima, user’s instance stopped, 9p 512k';
    totals[name] = await runFaultInjection({
      name,
      sweepArgs: ['sweep', '--provider', 'lima', '--variants', 'qemu-9p-512k-mmap'],
      sandbox: standIn({ limaDocker: true }, async (sb) => limaFiles(sb), limaState),
    });
    expect(totals[name].sweepKillPoints).toBeGreaterThan(2);
  });
});

/** Each provider's machines as `podman machine list` shows them to that provider. */
async function podmanMachinesOf(sb: StandinSandbox, provider: string): Promise<string[]> {
  const listed = await sb.run('podman', ['machine', 'list', '--format', 'json'], {
    CONTAINERS_MACHINE_PROVIDER: provider,
  });
  return (JSON.parse(listed.stdout) as Array<{ Name: string; Running: boolean }>).map(
    (m) => `${provider}/${m.Name}=${m.Running ? 'running' : 'stopped'}`,
  );
}

describe.skipIf(!registered('podman'))(
  'fault injection: podman (stand-in on a real Podman engine)',
  slow,
  () => {
    it('the user’s applehv machine running, a libkrun bench machine: every kill point ends with no bench machine and the user’s machine running', async () => {
      const engine = await startPodmanEngine();
      try {
        const name = 'podman, user’s machine running, libkrun';
        totals[name] = await runFaultInjection({
          name,
          sweepArgs: ['sweep', '--provider', 'podman', '--variants', 'libkrun'],
          engine: engine.docker,
          sandbox: standIn(
            { podmanMachine: 'applehv', podmanEngineSocket: engine.socket, krunkit: true },
            async (sb) => {
              const conf = sb.file('.config', 'containers', 'containers.conf');
              mkdirSync(dirname(conf), { recursive: true });
              writeFileSync(conf, '[machine]\nprovider = "applehv"\n');
              expect((await sb.run('podman', ['machine', 'start'])).code).toBe(0);
              // The user's machine file gets a new LastUp from Podman when it starts again: not watched.
              return [conf, userDockerConfig(sb)];
            },
            async (sb) => {
              const found = await podmanProvider.detect(await providerContext({ env: sb.env }));
              const machines = [
                ...(await podmanMachinesOf(sb, 'applehv')),
                ...(await podmanMachinesOf(sb, 'libkrun')),
              ];
              return `${found.engineName} ${machines.join(' ')}`;
            },
          ),
        });
        // Stop the user's machine, init, start, then remove and start the user's again: four product steps at least.
        expect(totals[name].sweepKillPoints).toBeGreaterThan(4);
      } finally {
        await engine.stop();
      }
    });
  },
);
