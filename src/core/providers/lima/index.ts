// Lima used directly as a provider. An instance's mount type can be edited (`limactl edit
// --mount-type`, then a restart); its VM type cannot. So a variant of the VM type of the user's
// Docker instance is applied to that instance (stopped, edited, started; its lima.yaml journaled
// and put back byte for byte, and its running state with it), and a variant of another VM type runs
// on a bench instance of its own, `mountbench-<vm type>`, created from the docker template and
// deleted at the end. Facts: docs/product-facts.md (Lima).
import { join } from 'node:path';
import { MountbenchError } from '../../../shared/errors';
import { restoreFile, sha256, type FileOriginal, type JsonValue } from '../../journal';
import { readSettingsBytes } from '../../settings-files';
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
import { limaHome, limaYamlOf } from './lima-home';
import { hostAgentServing } from '../../host-processes/agent-pid-files';
import { limaContextOf } from './lima-sockets';
import {
  createInstance,
  deleteInstance,
  editMountType,
  limaVersion,
  listInstances,
  startInstance,
  stopInstance,
  type LimaInstance,
} from './limactl';
import {
  defById,
  instanceForVariant,
  isBenchInstance,
  listLimaVariants,
  variantFromValues,
  type VariantDef,
} from './variants';

const ID = 'lima' as const;

/** The instance's host processes, as a result names them. */
export const LIMA_PROCESS_LABELS = { agent: 'Lima host agent', vm: "QEMU (the instance's VM)" };
const LABEL = 'Lima';

/**
 * The user's Docker instance: one that is not Mountbench's and forwards a Docker socket (the docker
 * template), `docker` first (the template's own name), else the first by name.
 */
function ownInstance(list: LimaInstance[]): LimaInstance | null {
  const docker = list.filter((i) => !isBenchInstance(i.name) && i.dockerSocket !== null);
  return (
    docker.find((i) => i.name === 'docker') ?? docker.sort((a, b) => a.name.localeCompare(b.name))[0] ?? null
  );
}

/**
 * The instance the sweep works on now: a running bench instance (apply keeps at most one running),
 * else the user's Docker instance.
 */
function activeInstance(list: LimaInstance[]): LimaInstance | null {
  const bench = list.filter((i) => i.running && isBenchInstance(i.name));
  return bench[bench.length - 1] ?? ownInstance(list);
}

async function limaTools(ctx: ProviderContext) {
  // Lima makes QEMU's disks with qemu-img and runs krunkit from PATH; it brings neither.
  const [qemu, krunkit] = await Promise.all([
    findExecutable('qemu-img', ctx.env),
    findExecutable('krunkit', ctx.env),
  ]);
  return { qemu: qemu !== null, krunkit: krunkit !== null };
}

async function variants(ctx: ProviderContext, list?: LimaInstance[]) {
  const own = ownInstance(list ?? (await listInstances(ctx)));
  return listLimaVariants(ctx.host, await limaVersion(ctx), await limaTools(ctx), own);
}

async function availableDef(ctx: ProviderContext, id: string, list: LimaInstance[]): Promise<VariantDef> {
  requireAvailableVariant(LABEL, await variants(ctx, list), id);
  const def = defById(id);
  if (!def) throw new MountbenchError('INTERNAL', `${LABEL} variant "${id}" has no definition`);
  return def;
}

const runsVariant = (i: LimaInstance, d: VariantDef) =>
  variantFromValues(i.vmType, i.mountType, i.ninep).id === d.id;

function settingOf(i: LimaInstance) {
  return {
    ...variantFromValues(i.vmType, i.mountType, i.ninep),
    values: {
      instance: i.name,
      vmType: i.vmType,
      mountType: i.mountType,
      '9p.msize': i.ninep?.msize ?? null,
      '9p.cache': i.ninep?.cache ?? null,
    },
  };
}

async function waitReady(ctx: ProviderContext, options: WaitOptions = {}): Promise<void> {
  await waitUntil(
    'the Lima instance to be ready',
    async () => {
      const active = activeInstance(await listInstances(freshReads(ctx)));
      if (!active) return { done: false, status: 'no Lima Docker instance exists' };
      if (!active.running) return { done: false, status: `${active.name} is ${active.status}` };
      if (!active.dockerSocket) {
        return {
          done: false,
          status: `${active.name} forwards no Docker socket`,
          failed: `Lima instance ${active.name} forwards no Docker socket (sock/docker.sock): it was not made from the docker template`,
        };
      }
      return socketReady(active.name, active.dockerSocket, 'Docker socket');
    },
    {
      timeoutMs: options.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      signal: options.signal ?? ctx.signal,
      onProgress: options.onProgress,
      intervalMs: 500,
    },
  );
}

/** True when the file differs from the journal's copy (a missing or over-size file counts as changed). */
async function fileChanged(original: FileOriginal): Promise<boolean> {
  const bytes = await readSettingsBytes(original.path).catch(() => null);
  return original.existed ? bytes === null || sha256(bytes) !== original.sha256 : bytes !== null;
}

/**
 * Puts one instance back: its lima.yaml (Lima reads it at start, so the VM is stopped first), then
 * its running state. Idempotent: every step looks at how things are now.
 */
async function restoreInstance(
  ctx: ProviderContext,
  journal: Parameters<Provider['restore']>[2],
  name: string,
  original: FileOriginal | undefined,
  wasRunning: boolean,
): Promise<void> {
  const find = async () => (await listInstances(ctx)).find((i) => i.name === name);
  let now = await find();
  if (!now) return;
  if (original && (await fileChanged(original))) {
    if (now.running) {
      await journal.step(ID, 'restore', 'stop', `${name} (to put its lima.yaml back)`);
      await stopInstance(ctx, name);
    }
    await journal.step(ID, 'restore', 'write', `${name}: original lima.yaml`);
    await restoreFile(original);
    now = await find();
    if (!now) return;
  }
  if (wasRunning && !now.running) {
    await journal.step(ID, 'restore', 'start', `${name} (it was running before)`);
    await startInstance(ctx, name);
  } else if (!wasRunning && now.running) {
    await journal.step(ID, 'restore', 'stop', `${name} (it was stopped before)`);
    await stopInstance(ctx, name);
  }
}

function notInstalled(problems: string[]): ProviderDetection {
  return notInstalledDetection(ID, LABEL, problems);
}

export const limaProvider: Provider = {
  id: ID,
  label: LABEL,

  async detect(ctx): Promise<ProviderDetection> {
    const problems: string[] = [];
    if ((await findExecutable('limactl', ctx.env)) === null) return notInstalled(problems);
    const version = await limaVersion(ctx);
    let list: LimaInstance[] | null = null;
    try {
      list = await listInstances(ctx);
    } catch (err) {
      problems.push((err as Error).message);
    }
    const active = list ? activeInstance(list) : null;
    if (list && !active)
      problems.push('no Lima instance forwards a Docker socket (limactl start template:docker)');
    const setting = active ? settingOf(active) : null;
    return {
      id: ID,
      label: LABEL,
      installed: true,
      version,
      running: list ? list.some((i) => i.running) : null,
      currentVariant: setting?.id ?? null,
      currentSetting: active && setting ? `${active.name}: ${setting.label}` : null,
      settingsFile: active ? limaYamlOf(ctx.env, ctx.home, active.name) : null,
      engineName: active ? limaContextOf(active.name) : null,
      problems,
    };
  },

  async readSettings(ctx): Promise<ProviderSettings> {
    const active = activeInstance(await listInstances(ctx));
    if (!active) {
      return { source: 'no Lima Docker instance', formatVersion: null, values: {}, variant: null };
    }
    const setting = settingOf(active);
    return {
      source: `limactl list --json (${active.name})`,
      formatVersion: null,
      values: setting.values,
      variant: setting.id,
    };
  },

  listVariants: (ctx) => variants(ctx),

  async planApply(ctx, variant): Promise<ApplyPlan> {
    const list = await listInstances(ctx);
    const def = await availableDef(ctx, variant, list);
    const own = ownInstance(list);
    const target = instanceForVariant(def, own);
    const existing = list.find((i) => i.name === target);
    const othersRunning = list.filter((i) => i.running && isBenchInstance(i.name) && i.name !== target);
    const already = existing?.running === true && runsVariant(existing, def);
    const isOwn = own !== null && target === own.name;
    const from = existing ? settingOf(existing).label : 'absent';
    return {
      variant,
      changes: !already || othersRunning.length > 0,
      // Only the user's own VM restarting counts: a bench instance is a VM of Mountbench's.
      restarts: isOwn && !already && existing?.running === true,
      writes: already
        ? []
        : [{ key: isOwn ? `${target} lima.yaml mountType` : `Lima instance ${target}`, from, to: def.label }],
      estimatedSeconds: already ? 0 : existing ? 60 : 180,
      notes: [
        isOwn
          ? `Mountbench stops your Lima instance ${target}, edits its mount type (limactl edit --mount-type) and starts it; its lima.yaml and running state are put back afterwards.`
          : `Mountbench creates its own Lima instance ${target} (the VM type of an existing instance cannot change); your instances are not touched, and ${target} is deleted at the end.`,
        ...(othersRunning.length ? [`It stops ${othersRunning.map((i) => i.name).join(', ')} first.`] : []),
        ...def.notes,
      ],
    };
  },

  async captureOriginals(ctx, journal) {
    const list = await listInstances(ctx);
    const own = ownInstance(list);
    // The user's instance and the bench instances kept from an earlier run: their files and state
    // go back as they are now; bench instances this sweep creates are deleted.
    const kept: Record<string, JsonValue> = {};
    for (const i of list) {
      if (i !== own && !isBenchInstance(i.name)) continue;
      await journal.recordFile(ID, limaYamlOf(ctx.env, ctx.home, i.name));
      if (i !== own) kept[i.name] = i.running;
    }
    await journal.recordState(ID, 'ownInstance', own ? own.name : null);
    await journal.recordState(ID, 'ownRunning', own?.running ?? false);
    await journal.recordState(ID, 'benchInstances', kept);
  },

  async apply(ctx, variant, journal) {
    if (!('benchInstances' in journal.originals(ID).state)) {
      throw new MountbenchError('INTERNAL', 'captureOriginals must run before apply');
    }
    const list = await listInstances(ctx);
    const def = await availableDef(ctx, variant, list);
    const own = ownInstance(list);
    const target = instanceForVariant(def, own);
    for (const other of list.filter((i) => i.running && isBenchInstance(i.name) && i.name !== target)) {
      await journal.step(ID, 'apply', 'stop', other.name);
      await stopInstance(ctx, other.name);
    }
    const existing = list.find((i) => i.name === target);
    if (!existing) {
      await journal.step(ID, 'apply', 'create', `${target} (${def.label})`);
      await createInstance(ctx, target, def);
    } else if (!runsVariant(existing, def)) {
      if (existing.running) {
        await journal.step(ID, 'apply', 'stop', `${target} (Lima edits only a stopped instance)`);
        await stopInstance(ctx, target);
      }
      await journal.step(ID, 'apply', 'edit', `${target}: ${def.label}`);
      await editMountType(ctx, target, def);
    } else if (existing.running) {
      return;
    }
    await journal.step(ID, 'apply', 'start', target);
    await startInstance(ctx, target);
  },

  waitReady,

  async servingProcesses(ctx) {
    const instance = activeInstance(await listInstances(ctx).catch(() => []));
    // The folder from Lima's home and the instance's name, never from what limactl printed.
    return instance?.running
      ? hostAgentServing(join(limaHome(ctx.env, ctx.home), instance.name), LIMA_PROCESS_LABELS)
      : [];
  },

  async verify(ctx, variant, observedFsType): Promise<VerifyResult> {
    const def = defById(variant);
    const list = await listInstances(ctx);
    const target = def ? instanceForVariant(def, ownInstance(list)) : null;
    const instance = list.find((i) => i.name === target);
    if (!def || !instance?.running) {
      return { ok: false, reported: null, message: `Lima instance ${target ?? '?'} is not running` };
    }
    const setting = settingOf(instance);
    const reported = `${instance.name}: ${setting.label}`;
    if (setting.id !== def.id) {
      return {
        ok: false,
        reported,
        message: `Lima runs ${instance.name} as ${setting.label}, not ${def.label}`,
      };
    }
    return verifyFsType(def.label, def.expectedFsTypes, observedFsType, reported);
  },

  async restore(ctx, originals, journal) {
    const kept = (originals.state.benchInstances ?? {}) as Record<string, JsonValue>;
    const fileOf = (name: string) =>
      originals.files.find((f) => f.path === limaYamlOf(ctx.env, ctx.home, name));
    for (const i of await listInstances(ctx)) {
      if (!isBenchInstance(i.name)) continue;
      if (i.name in kept) {
        await restoreInstance(ctx, journal, i.name, fileOf(i.name), kept[i.name] === true);
      } else {
        await journal.step(ID, 'restore', 'delete', i.name);
        await deleteInstance(ctx, i.name);
      }
    }
    const own = originals.state.ownInstance;
    if (typeof own === 'string') {
      await restoreInstance(ctx, journal, own, fileOf(own), originals.state.ownRunning === true);
    }
  },
};
