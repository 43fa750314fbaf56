// Podman machine as a provider. A machine's provider (applehv, libkrun) and its volumes are fixed
// when it is created, so every variant gets a bench machine of its own, `mountbench-<provider>`,
// created, measured and removed; the user's machines are never created, edited or removed. Podman
// runs one machine at a time, whatever the provider (pkg/machine/shim/host.go
// `checkExclusiveActiveVM`): a running machine of the user's is stopped for the bench and started
// again at the end. Bench machines are removed at the end unless MOUNTBENCH_KEEP_PODMAN_MACHINES=1.
import path from 'node:path';
import { MountbenchError } from '../../../shared/errors';
import type { JsonValue } from '../../journal';
import { findExecutable } from '../../vocab/find-executable';
import { notInstalledDetection } from '../not-installed';
import { socketReady } from '../ping-socket';
import {
  DEFAULT_READY_TIMEOUT_MS,
  type ApplyPlan,
  type Provider,
  type ProviderContext,
  type ProviderDetection,
  type ProviderSettings,
  type VerifyResult,
  type WaitOptions,
} from '../provider';
import { requireAvailableVariant } from '../require-variant';
import { verifyFsType } from '../verify-fs-type';
import { waitUntil } from '../wait-until';
import { freshReads } from '../state-reads';
import { readMachineFile, restfulUriArgs, type MachineFile } from './machine-files';
import { processesWithArguments } from '../../host-processes/serving-cost';
import { engineNameOf, machineConfigFile } from './machine-paths';
import { currentProvider, MACHINE_PROVIDERS, type MachineProvider } from './machine-provider';
import {
  initMachine,
  inspectMachine,
  listMachines,
  podmanVersion,
  removeMachine,
  startMachine,
  stopMachine,
  type PodmanMachine,
} from './podman-cli';
import {
  BENCH_VOLUMES,
  DEFAULT_MACHINE,
  defById,
  isBenchMachine,
  listPodmanVariants,
  machineFor,
  type VariantDef,
} from './variants';

const ID = 'podman' as const;
const LABEL = 'Podman';

async function tools(ctx: ProviderContext) {
  // Podman looks for krunkit among its helper folders, the first of them `$BINDIR/../libexec/podman`
  // (go.podman.io/common pkg/config/config_darwin.go), then Homebrew's bin folders, which are on PATH.
  const podman = await findExecutable('podman', ctx.env);
  const beside = podman ? [path.join(path.dirname(podman), '..', 'libexec', 'podman')] : [];
  const krunkit = await findExecutable('krunkit', {
    ...ctx.env,
    PATH: [...beside, ctx.env.PATH ?? ''].join(path.delimiter),
  });
  return { krunkit: krunkit !== null };
}

/** The providers whose machines podman can list here: libkrun only on Apple silicon. */
function listableProviders(ctx: ProviderContext): MachineProvider[] {
  return MACHINE_PROVIDERS.filter((p) => p !== 'libkrun' || ctx.host.arch === 'arm64');
}

async function allMachines(ctx: ProviderContext): Promise<PodmanMachine[]> {
  const all: PodmanMachine[] = [];
  for (const provider of listableProviders(ctx)) all.push(...(await listMachines(ctx, provider)));
  return all;
}

const isUp = (m: PodmanMachine) => m.running || m.starting;
const keyOf = (m: { provider: string; name: string }) => `${m.provider}/${m.name}`;

async function variants(ctx: ProviderContext) {
  return listPodmanVariants(ctx.host, await podmanVersion(ctx), await tools(ctx));
}

async function availableDef(ctx: ProviderContext, id: string): Promise<VariantDef> {
  requireAvailableVariant(LABEL, await variants(ctx), id);
  const def = defById(id);
  if (!def) throw new MountbenchError('INTERNAL', `${LABEL} variant "${id}" has no definition`);
  return def;
}

/** The bench machine up now (Podman runs one machine at a time). */
function activeBench(machines: PodmanMachine[]): PodmanMachine | null {
  return machines.find((m) => isUp(m) && m.name === machineFor(m.provider)) ?? null;
}

function describeMounts(file: MachineFile | null): string {
  if (!file) return 'no machine file';
  if (!file.mounts.length) return 'no volumes';
  const types = [...new Set(file.mounts.map((m) => m.type))].join('/');
  return `${types} volumes ${file.mounts.map((m) => m.target).join(', ')}`;
}

/** The machine the user works with: the one up, else the default machine of the current provider. */
async function usersMachine(
  ctx: ProviderContext,
  machines: PodmanMachine[],
  version: string | null,
): Promise<{ machine: PodmanMachine | null; providerSource: string; problem: string | null }> {
  const choice = await currentProvider(ctx.env, ctx.home, version);
  const problem = choice.unknown
    ? `${choice.source} names the machine provider "${choice.unknown}", which Podman does not run on macOS (applehv, libkrun)`
    : null;
  const up = machines.find((m) => isUp(m) && !isBenchMachine(m.name));
  const byDefault = machines.find((m) => m.name === DEFAULT_MACHINE && m.provider === choice.provider);
  return { machine: up ?? byDefault ?? null, providerSource: choice.source, problem };
}

async function machineFile(ctx: ProviderContext, m: PodmanMachine): Promise<MachineFile | null> {
  return readMachineFile(machineConfigFile(ctx.env, ctx.home, m.provider, m.name), m.provider);
}

async function waitReady(ctx: ProviderContext, options: WaitOptions = {}): Promise<void> {
  await waitUntil(
    'the Podman bench machine to be ready',
    async () => {
      const now = freshReads(ctx);
      const bench = activeBench(await allMachines(now));
      if (!bench) return { done: false, status: 'no Mountbench Podman machine is running' };
      const info = await inspectMachine(now, bench.provider, bench.name);
      if (!info || info.state !== 'running')
        return { done: false, status: `${bench.name} is ${info?.state ?? 'not known to podman'}` };
      if (!info.socket) return { done: false, status: `${bench.name} reports no API socket yet` };
      return socketReady(bench.name, info.socket, 'API socket');
    },
    {
      timeoutMs: options.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      signal: options.signal ?? ctx.signal,
      onProgress: options.onProgress,
      intervalMs: 500,
    },
  );
}

function notInstalled(problems: string[]): ProviderDetection {
  return notInstalledDetection(ID, LABEL, problems);
}

export const PODMAN_PROCESS_LABELS = { krunkit: "krunkit (the machine's VM)" };

export const podmanProvider: Provider = {
  id: ID,
  label: LABEL,

  async detect(ctx): Promise<ProviderDetection> {
    const problems: string[] = [];
    if ((await findExecutable('podman', ctx.env)) === null) return notInstalled(problems);
    const version = await podmanVersion(ctx);
    let machines: PodmanMachine[] | null = null;
    try {
      machines = await allMachines(ctx);
    } catch (err) {
      problems.push((err as Error).message);
    }
    let current: { id: string | null; label: string } | null = null;
    let engine: string | null = null;
    if (machines) {
      const bench = activeBench(machines);
      if (bench) {
        current = {
          id: bench.provider,
          label: `bench machine ${bench.name}: ${defById(bench.provider)?.label}`,
        };
        engine = engineNameOf(bench.name);
      } else {
        const own = await usersMachine(ctx, machines, version);
        if (own.problem) problems.push(own.problem);
        if (own.machine) {
          const file = await machineFile(ctx, own.machine);
          current = {
            id: own.machine.provider,
            label: `${own.machine.name} (${own.machine.provider}, ${describeMounts(file)}); new machines: ${own.providerSource}`,
          };
          engine = engineNameOf(own.machine.name);
        }
      }
    }
    return {
      id: ID,
      label: LABEL,
      installed: true,
      version,
      running: machines ? machines.some(isUp) : null,
      currentVariant: current?.id ?? null,
      currentSetting: current?.label ?? null,
      // Podman writes every machine's file itself; Mountbench writes none.
      settingsFile: null,
      engineName: engine,
      problems,
    };
  },

  async readSettings(ctx): Promise<ProviderSettings> {
    const version = await podmanVersion(ctx);
    const machines = await allMachines(ctx);
    const shown = activeBench(machines) ?? (await usersMachine(ctx, machines, version)).machine;
    if (!shown) {
      return { source: 'no Podman machine', formatVersion: null, values: {}, variant: null };
    }
    const file = await machineFile(ctx, shown);
    return {
      source: `${file?.file ?? machineConfigFile(ctx.env, ctx.home, shown.provider, shown.name)} (read only)`,
      formatVersion: null,
      values: {
        provider: shown.provider,
        volumes: file ? file.mounts.map((m) => `${m.source}:${m.target} (${m.type})`).join(', ') : null,
      },
      variant: shown.provider,
    };
  },

  listVariants: variants,

  async planApply(ctx, variant): Promise<ApplyPlan> {
    const def = await availableDef(ctx, variant);
    const name = machineFor(def.id);
    const machines = await allMachines(ctx);
    const existing = machines.find((m) => m.name === name && m.provider === def.id);
    const others = machines.filter((m) => isUp(m) && keyOf(m) !== keyOf({ provider: def.id, name }));
    const users = others.filter((m) => !isBenchMachine(m.name));
    return {
      variant,
      changes: !existing || !isUp(existing) || others.length > 0,
      // Podman runs one machine at a time: the user's running machine stops until the end.
      restarts: users.length > 0,
      writes:
        existing && isUp(existing)
          ? []
          : [
              {
                key: `Podman machine ${name}`,
                from: existing ? 'stopped' : 'absent',
                to: `${def.label} (running)`,
              },
            ],
      estimatedSeconds: (existing ? 30 : 240) + others.length * 20,
      notes: [
        `Mountbench creates its own Podman machine ${name} (provider ${def.id}, volumes ${BENCH_VOLUMES.join(' ')}); your machines are not changed.`,
        ...(users.length
          ? [
              `Podman runs one machine at a time: ${users.map((m) => m.name).join(', ')} stops during the bench and starts again at the end (its containers stop too).`,
            ]
          : []),
        `${name} is removed at the end (MOUNTBENCH_KEEP_PODMAN_MACHINES=1 keeps it, stopped).`,
        ...def.notes,
      ],
    };
  },

  async captureOriginals(ctx, journal) {
    const machines = await allMachines(ctx);
    // Bench machines that exist already (kept by an earlier sweep) go back to how they are now;
    // the user's running machine is started again at the end.
    const bench: Record<string, JsonValue> = {};
    for (const m of machines) if (isBenchMachine(m.name)) bench[keyOf(m)] = isUp(m);
    const usersUp = machines.filter((m) => isUp(m) && !isBenchMachine(m.name)).map(keyOf);
    await journal.recordState(ID, 'benchMachines', bench);
    await journal.recordState(ID, 'usersRunning', usersUp);
    await journal.recordState(ID, 'keepMachines', ctx.env.MOUNTBENCH_KEEP_PODMAN_MACHINES === '1');
  },

  async apply(ctx, variant, journal) {
    const def = await availableDef(ctx, variant);
    const name = machineFor(def.id);
    if (!('benchMachines' in journal.originals(ID).state)) {
      throw new MountbenchError('INTERNAL', 'captureOriginals must run before apply');
    }
    const machines = await allMachines(ctx);
    const target = machines.find((m) => m.name === name && m.provider === def.id);
    for (const other of machines.filter((m) => isUp(m) && m !== target)) {
      await journal.step(
        ID,
        'apply',
        'stop',
        `${other.name} (${other.provider}): one machine runs at a time`,
      );
      await stopMachine(ctx, other.provider, other.name);
    }
    if (target && isUp(target)) return;
    if (!target) {
      await journal.step(ID, 'apply', 'init', `${name} (${def.id}, ${BENCH_VOLUMES.join(' ')})`);
      await initMachine(ctx, def.id, name, BENCH_VOLUMES);
    }
    await journal.step(ID, 'apply', 'start', name);
    await startMachine(ctx, def.id, name);
  },

  waitReady,

  async servingProcesses(ctx) {
    // Under libkrun, krunkit is the VM and serves its virtiofs shares in the same process. Under
    // applehv, vfkit only asks Virtualization.framework, which runs the VM in a process of macOS's
    // own that nothing on disk names: no figure there rather than vfkit's idle one.
    const bench = activeBench(await allMachines(ctx).catch(() => []));
    if (!bench?.running || bench.provider !== 'libkrun') return [];
    // Podman records no pid: the VM process is the krunkit started with this machine's endpoint.
    const args = restfulUriArgs((await machineFile(ctx, bench))?.endpoint ?? null);
    const pids = args ? await processesWithArguments('krunkit', args) : [];
    return pids.map((pid) => ({ label: PODMAN_PROCESS_LABELS.krunkit, pid }));
  },

  async verify(ctx, variant, observedFsType): Promise<VerifyResult> {
    const def = defById(variant);
    const name = machineFor(variant);
    if (!def) return { ok: false, reported: null, message: `${LABEL} has no variant "${variant}"` };
    const info = await inspectMachine(ctx, def.id, name);
    if (!info || info.state !== 'running')
      return { ok: false, reported: null, message: `Podman machine ${name} (${def.id}) is not running` };
    const file = await readMachineFile(machineConfigFile(ctx.env, ctx.home, def.id, name), def.id);
    const reported = `${name}: provider ${def.id}, ${describeMounts(file)}`;
    const wrong = file ? file.mounts.filter((m) => !def.expectedFsTypes.includes(m.type)) : [];
    if (!file || !file.mounts.length || wrong.length) {
      return {
        ok: false,
        reported,
        message: `Podman machine ${name} does not share the host's folders over virtiofs (${describeMounts(file)}): remove it (podman machine rm -f ${name}) and run again.`,
      };
    }
    return verifyFsType(def.label, def.expectedFsTypes, observedFsType, reported);
  },

  async restore(ctx, originals, journal) {
    const before = (originals.state.benchMachines ?? {}) as Record<string, JsonValue>;
    const usersUp = (Array.isArray(originals.state.usersRunning) ? originals.state.usersRunning : []).filter(
      (k): k is string => typeof k === 'string',
    );
    const keep = originals.state.keepMachines === true;
    const machines = await allMachines(ctx);
    // Bench machines first: one machine runs at a time, and the user's starts last.
    for (const m of machines.filter((x) => isBenchMachine(x.name))) {
      const key = keyOf(m);
      if (key in before) {
        if (before[key] === true && !isUp(m) && usersUp.length === 0) {
          await journal.step(ID, 'restore', 'start', `${m.name} (it was running before)`);
          await startMachine(ctx, m.provider, m.name);
        } else if (before[key] !== true && isUp(m)) {
          await journal.step(ID, 'restore', 'stop', `${m.name} (it was stopped before)`);
          await stopMachine(ctx, m.provider, m.name);
        }
      } else if (keep) {
        if (isUp(m)) {
          await journal.step(ID, 'restore', 'stop', `${m.name} (kept)`);
          await stopMachine(ctx, m.provider, m.name);
        }
      } else {
        await journal.step(ID, 'restore', 'remove', `${m.name} (${m.provider})`);
        await removeMachine(ctx, m.provider, m.name);
      }
    }
    for (const m of machines.filter((x) => usersUp.includes(keyOf(x)))) {
      const now = (await allMachines(ctx)).find((x) => keyOf(x) === keyOf(m));
      if (now && !isUp(now)) {
        await journal.step(ID, 'restore', 'start', `${m.name} (${m.provider}, it was running before)`);
        await startMachine(ctx, m.provider, m.name);
      }
    }
  },
};
