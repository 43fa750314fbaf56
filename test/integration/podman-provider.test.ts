// The Podman provider on its stand-in (test/stand-ins/podman), whose machines' API sockets are
// served by a REAL Podman engine (podman-engine.ts): the provider contract for both providers, then
// what Podman makes hard — one machine at a time across providers, the provider chosen by
// CONTAINERS_MACHINE_PROVIDER or containers.conf, volumes fixed at init — and the user's own
// machine, which must end as it was (its file byte-identical when it was stopped; started again
// when it ran). `mountbench providers --json` on a Mac-shaped home with Podman lists it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Journal } from '../../src/core/journal';
import { resolveEngine } from '../../src/core/engines';
import { podmanProvider as podman } from '../../src/core/providers/podman';
import { podmanModule } from '../../src/core/providers/podman/module';
import { providerContext } from '../../src/core/providers/provider-context';
import { runProviderContract, type ProviderSandbox } from '../../src/core/providers/test-support/contract';
import { createStandinSandbox, type SandboxOptions, type StandinSandbox } from '../stand-ins/sandbox';
import { mountbenchChild } from '../support/mountbench-cli';
import { startPodmanEngine, type PodmanEngine } from './podman-engine';

let engine: PodmanEngine;
beforeAll(async () => {
  engine = await startPodmanEngine();
}, 120_000);
afterAll(async () => engine?.stop(), 120_000);

const machineFile = (sb: StandinSandbox, provider: string, name = 'podman-machine-default') =>
  sb.file('.config', 'containers', 'podman', 'machine', provider, `${name}.json`);
const socketOf = (sb: StandinSandbox, name: string) => join(sb.env.TMPDIR!, 'podman', `${name}-api.sock`);

function sandbox(options: SandboxOptions = {}) {
  return createStandinSandbox({ podmanMachine: 'applehv', podmanEngineSocket: engine.socket, ...options });
}

function podmanSandbox(target: string, usersRunning: boolean, options: SandboxOptions = {}) {
  return async (): Promise<ProviderSandbox> => {
    const sb = sandbox(options);
    if (usersRunning) expect((await sb.run('podman', ['machine', 'start'])).code).toBe(0);
    return {
      provider: podman,
      ctx: await providerContext({ env: sb.env }),
      // A stopped machine's file must come out byte-identical; a running one's gets a new LastUp
      // from Podman itself when it is started again, so only the Docker config is watched then.
      watchedFiles: [
        ...(usersRunning ? [] : [machineFile(sb, 'applehv')]),
        sb.file('.docker', 'config.json'),
      ],
      targetVariant: target,
      observedFsType: async (variant) =>
        (await readFile(`${socketOf(sb, `mountbench-${variant}`)}.fstype`, 'utf8')).trim(),
      wrongFsType: 'ext4',
      cleanup: () => sb.remove(),
    };
  };
}

runProviderContract(
  'podman (stand-in on a real Podman engine), applehv bench machine, the user’s machine stopped',
  podmanSandbox('applehv', false),
);
runProviderContract(
  'podman (stand-in on a real Podman engine), libkrun bench machine, the user’s applehv machine running',
  podmanSandbox('libkrun', true, { krunkit: true }),
);

describe('podman (stand-in) provider', () => {
  let sb: StandinSandbox | undefined;
  afterEach(async () => {
    await sb?.remove();
    sb = undefined;
  });

  it('detects the user’s machine, its provider and volumes, and offers libkrun only with krunkit on Apple silicon', async () => {
    sb = sandbox();
    const ctx = await providerContext({ env: sb.env });
    const found = await podman.detect(ctx);
    expect(found).toMatchObject({
      installed: true,
      version: '5.8.2',
      running: false,
      currentVariant: 'applehv',
      engineName: 'podman-machine-default',
      problems: [],
    });
    expect(found.currentSetting).toMatch(
      /podman-machine-default \(applehv, virtiofs volumes \/Users, \/private, \/var\/folders\)/,
    );
    expect(found.currentSetting).toMatch(/the default of Podman 5\.8\.2/);
    const variants = await podman.listVariants(ctx);
    expect(variants.map((v) => [v.id, v.available])).toEqual([
      ['applehv', true],
      ['libkrun', false],
    ]);
    expect(variants[1].reason).toMatch(/krunkit is not installed/);
    const intel = await providerContext({ env: { ...sb.env, MOUNTBENCH_HOST: 'darwin x64 14.5' } });
    expect((await podman.listVariants(intel))[1].reason).toMatch(/Apple silicon only/);
    const linux = await providerContext({ env: { ...sb.env, MOUNTBENCH_HOST: 'linux x64' } });
    expect((await podman.listVariants(linux)).every((v) => !v.available)).toBe(true);
  });

  it('takes the provider from CONTAINERS_MACHINE_PROVIDER before containers.conf, and names a provider Podman refuses', async () => {
    sb = sandbox({ podmanMachine: 'libkrun', krunkit: true });
    const conf = sb.file('.config', 'containers', 'containers.conf');
    mkdirSync(dirname(conf), { recursive: true });
    writeFileSync(conf, '[engine]\nprovider = "applehv"\n\n[machine]\n# the GPU one\nprovider = "libkrun"\n');
    const fromConf = await podman.detect(await providerContext({ env: sb.env }));
    expect(fromConf.currentVariant).toBe('libkrun');
    expect(fromConf.currentSetting).toContain('containers.conf ([machine] provider)');
    const env = { ...sb.env, CONTAINERS_MACHINE_PROVIDER: 'qemu' };
    const refused = await podman.detect(await providerContext({ env }));
    expect(refused.problems.join(' ')).toMatch(
      /CONTAINERS_MACHINE_PROVIDER names the machine provider "qemu"/,
    );
    expect(readFileSync(conf, 'utf8')).toContain('provider = "libkrun"');
  });

  it('stops the user’s running machine for the bench (one at a time), reaches the real Podman through the bench socket, and starts it again', async () => {
    sb = sandbox();
    expect((await sb.run('podman', ['machine', 'start'])).code).toBe(0);
    const ctx = await providerContext({ env: sb.env });
    const plan = await podman.planApply(ctx, 'applehv');
    expect(plan).toMatchObject({ changes: true, restarts: true });
    expect(plan.notes.join(' ')).toMatch(/podman-machine-default stops during the bench and starts again/);
    const journal = await Journal.create(ctx.dataDir, 'podman test');
    try {
      await podman.captureOriginals(ctx, journal);
      await podman.apply(ctx, 'applehv', journal);
      await podman.waitReady(ctx, { timeoutMs: 30_000 });
      const list = JSON.parse(
        (await sb.run('podman', ['machine', 'list', '--format', 'json'])).stdout,
      ) as Array<{
        Name: string;
        Running: boolean;
      }>;
      expect(list.filter((m) => m.Running).map((m) => m.Name)).toEqual(['mountbench-applehv']);
      // The bench machine's volumes were named at init, as Podman's macOS defaults.
      const bench = JSON.parse(readFileSync(machineFile(sb, 'applehv', 'mountbench-applehv'), 'utf8')) as {
        Mounts: Array<{ Source: string; Target: string; Type: string }>;
      };
      expect(bench.Mounts.map((m) => `${m.Source}:${m.Target}:${m.Type}`)).toEqual([
        '/Users:/Users:virtiofs',
        '/private:/private:virtiofs',
        '/var/folders:/var/folders:virtiofs',
      ]);
      // The sweep connects by the engine name detect gives, through discovery: the bench socket.
      const detected = await podman.detect(ctx);
      expect(detected.engineName).toBe('podman-mountbench-applehv');
      // A hang guard, not the user's 3 s probe: on a loaded full check the real Podman service
      // behind the stand-in's bench socket once took longer than that to answer its first ping.
      const resolved = await resolveEngine(detected.engineName!, {
        env: ctx.env,
        home: ctx.home,
        timeoutMs: 60_000,
      });
      expect(resolved.engine.provider).toBe('podman');
      const version = await resolved.docker.version();
      expect(version.Components?.map((c) => c.Name)).toContain('Podman Engine');
      await podman.restore(ctx, journal.originals('podman'), journal);
      await journal.finish('restored');
    } finally {
      await journal.close();
    }
    const after = JSON.parse(
      (await sb.run('podman', ['machine', 'list', '--format', 'json'])).stdout,
    ) as Array<{
      Name: string;
      Running: boolean;
    }>;
    expect(after.map((m) => [m.Name, m.Running])).toEqual([['podman-machine-default', true]]);
  });

  it('names the libkrun machine’s krunkit, found by the endpoint its machine file records, as what serves its shares; nothing under applehv', async () => {
    sb = sandbox({ krunkit: true });
    const ctx = await providerContext({ env: sb.env });
    const journal = await Journal.create(ctx.dataDir, 'podman serving');
    try {
      await podman.captureOriginals(ctx, journal);
      await podman.apply(ctx, 'libkrun', journal);
      await podman.waitReady(ctx, { timeoutMs: 30_000 });
      // The stand-in's VM process, started as Podman starts krunkit: with the machine's endpoint.
      const vm = JSON.parse(
        readFileSync(
          sb.file(
            '.local',
            'share',
            'containers',
            'podman',
            'machine',
            'libkrun',
            'mountbench-libkrun.standin-state.json',
          ),
          'utf8',
        ),
      ) as { pid: number };
      const endpoint = (
        JSON.parse(readFileSync(machineFile(sb, 'libkrun', 'mountbench-libkrun'), 'utf8')) as {
          LibKrunHypervisor: { KRun: { Endpoint: string } };
        }
      ).LibKrunHypervisor.KRun.Endpoint;
      expect(readFileSync(`/proc/${vm.pid}/cmdline`, 'utf8').split('\0')).toEqual(
        expect.arrayContaining(['--restful-uri', endpoint.replace(/^http:/, 'tcp:')]),
      );
      expect(await podman.servingProcesses!(ctx)).toEqual([
        { label: "krunkit (the machine's VM)", pid: vm.pid },
      ]);
      // applehv: vfkit only asks macOS, whose own process runs the VM; no figure rather than vfkit's.
      await podman.apply(ctx, 'applehv', journal);
      await podman.waitReady(ctx, { timeoutMs: 30_000 });
      expect(await podman.servingProcesses!(ctx)).toEqual([]);
      await podman.restore(ctx, journal.originals('podman'), journal);
      await journal.finish('restored');
    } finally {
      await journal.close();
    }
    expect(await podman.servingProcesses!(ctx)).toEqual([]);
  });

  it('lists every machine’s API socket for discovery, from the machine files alone', async () => {
    sb = sandbox();
    expect(await podmanModule.discovery.knownSockets(sb.env, sb.home)).toEqual([
      { name: 'podman-machine-default', provider: 'podman', path: socketOf(sb, 'podman-machine-default') },
    ]);
  });

  it('`mountbench providers --json` on a Mac with Podman lists it, and changes no file', async () => {
    sb = sandbox();
    const conf = sb.file('.config', 'containers', 'containers.conf');
    mkdirSync(dirname(conf), { recursive: true });
    writeFileSync(conf, '[machine]\nprovider = "applehv"\n');
    const machine = readFileSync(machineFile(sb, 'applehv'));
    const out = await mountbenchChild(['providers', '--json'], sb.env);
    expect(out.code, out.stderr).toBe(0);
    const list = JSON.parse(out.stdout) as Array<{
      detection: { id: string; installed: boolean; currentVariant: string | null };
    }>;
    const found = list.find((p) => p.detection.id === 'podman');
    expect(found?.detection).toMatchObject({ installed: true, currentVariant: 'applehv' });
    expect(readFileSync(machineFile(sb, 'applehv')).equals(machine)).toBe(true);
    expect(readFileSync(conf, 'utf8')).toBe('[machine]\nprovider = "applehv"\n');
  });
});
