// colima as a provider. The VM type and mount type of a colima VM are fixed when it is created, so
// every variant gets its own profile, `mountbench-<variant>`, and the user's own profiles (their
// colima.yaml, their VMs, their contexts) are never started, stopped, edited or deleted. Bench
// profiles are deleted at the end unless MOUNTBENCH_KEEP_COLIMA_PROFILES=1.
import path from 'node:path';
import { MountbenchError } from '../../../shared/errors';
import type { JsonValue } from '../../journal';
import { findExecutable } from '../../vocab/find-executable';
import { versionAtLeast } from '../../vocab/version-compare';
import { notInstalledDetection } from '../not-installed';
import { pingSocket } from '../ping-socket';
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
import { waitUntil } from '../wait-until';
import { freshReads } from '../state-reads';
import {
  colimaVersion,
  deleteProfile,
  listInstances,
  profileStatus,
  startProfile,
  stopProfile,
  type ColimaInstance,
} from './colima-cli';
import {
  BENCH_PREFIX,
  defById,
  listColimaVariants,
  profileFor,
  variantFromValues,
  variantOfProfile,
  vmTypeFromDriver,
  defaultVmType,
  hasVmTypeFlag,
  TEMPLATE_FLAG_SINCE,
  type ColimaTools,
  type VariantDef,
} from './variants';
import {
  instanceOf,
  limaRoot,
  readProfileFiles,
  templateExists,
  templateFile,
  type ColimaTypes,
} from './profile-files';
import { hostAgentServing } from '../../host-processes/agent-pid-files';
import { requireAvailableVariant } from '../require-variant';
import { verifyFsType } from '../verify-fs-type';

const ID = 'colima' as const;
const LABEL = 'colima';

const isBench = (name: string) => name.startsWith(BENCH_PREFIX);
const contextOf = (profile: string) => (profile === 'default' ? 'colima' : `colima-${profile}`);

async function colimaTools(ctx: ProviderContext) {
  // colima looks for these on PATH itself (util/qemu.go: AssertQemuImg, AssertKrunkit).
  const [qemu, krunkit] = await Promise.all([
    findExecutable('qemu-img', ctx.env),
    findExecutable('krunkit', ctx.env),
  ]);
  return { qemu: qemu !== null, krunkit: krunkit !== null };
}

async function variants(ctx: ProviderContext) {
  const version = await colimaVersion(ctx);
  return listColimaVariants(ctx.host, version, await colimaTools(ctx), await templateProblem(ctx, version));
}

/**
 * Before 0.8.4 colima starts every new profile from the user's template and has no way to say no
 * (`--template=false` came with 0.8.4): its mounts, provision scripts and Docker settings would
 * decide what a bench profile measures, so no variant is offered there while a template exists.
 */
async function templateProblem(ctx: ProviderContext, version: string | null): Promise<string | undefined> {
  if (version === null || versionAtLeast(version, TEMPLATE_FLAG_SINCE)) return undefined;
  if (!(await templateExists(ctx))) return undefined;
  return (
    `colima ${version} starts every new profile from ${templateFile(ctx)} (its mounts, provision scripts ` +
    `and Docker settings) and cannot be told not to before ${TEMPLATE_FLAG_SINCE} (--template=false): ` +
    'upgrade colima, or move the template aside while Mountbench runs'
  );
}

async function availableDef(ctx: ProviderContext, id: string): Promise<VariantDef> {
  requireAvailableVariant(LABEL, await variants(ctx), id);
  const def = defById(id);
  if (!def) throw new MountbenchError('INTERNAL', `${LABEL} variant "${id}" has no definition`);
  return def;
}

/** The bench profile the sweep works on now: the running one (Mountbench runs one at a time). */
async function activeBench(ctx: ProviderContext, instances?: ColimaInstance[]): Promise<string | null> {
  const list = instances ?? (await listInstances(ctx));
  const running = list.filter((i) => i.running && variantOfProfile(i.name) !== null);
  return running.length ? running[running.length - 1].name : null;
}

/** The types colima gives a profile whose file names none (or not all) of them. */
function withDefaults(
  types: ColimaTypes,
  ctx: ProviderContext,
  version: string | null,
  tools: ColimaTools,
): { id: string | null; label: string } {
  const vmType = types.vmType ?? defaultVmType(ctx.host, version, tools);
  return variantFromValues(vmType, types.mountType ?? (vmType === 'vz' ? 'virtiofs' : 'sshfs'));
}

/**
 * The user's default profile as colima runs it: the state file's types once the VM exists (colima
 * discards other values in the profile's file, with a warning), else what the file asks for. Both
 * files are only read.
 */
async function defaultProfileSetting(
  ctx: ProviderContext,
  version: string | null,
): Promise<{
  id: string | null;
  label: string;
  source: string;
  values: Record<string, string | null>;
} | null> {
  const files = await readProfileFiles(ctx, 'default');
  if (!files.fixed && !files.asked) return null;
  const tools = await colimaTools(ctx);
  const runs = files.fixed ? withDefaults(files.fixed, ctx, version, tools) : null;
  const asked = files.asked ? withDefaults(files.asked, ctx, version, tools) : null;
  const shown = (runs ?? asked)!;
  let label = `default profile: ${shown.label}`;
  if (runs && asked && asked.label !== runs.label) {
    label +=
      ` (its colima.yaml asks for ${asked.label}, which colima discards: the VM keeps the types it was ` +
      'created with, in its state file, until the profile is deleted)';
  }
  const types = (files.fixed ?? files.asked)!;
  return {
    id: shown.id,
    label,
    source: files.fixed ? `${files.stateFile} (colima's state file, read only)` : `${files.file} (read only)`,
    values: { vmType: types.vmType, mountType: types.mountType },
  };
}

async function waitReady(ctx: ProviderContext, options: WaitOptions = {}): Promise<void> {
  await waitUntil(
    'the colima bench profile to be ready',
    async () => {
      const now = freshReads(ctx);
      const profile = await activeBench(now);
      if (!profile) return { done: false, status: 'no Mountbench colima profile is running' };
      const status = await profileStatus(now, profile);
      if (!status) return { done: false, status: `${profile} is not running yet` };
      // An existing VM keeps the runtime it was created with (its state file); without docker it
      // never gets a Docker socket, so waiting longer cannot help.
      if (!status.dockerSocket && status.runtime && status.runtime !== 'docker') {
        return {
          done: false,
          status: `${profile} runs runtime ${status.runtime}`,
          failed: `colima runs ${profile} with runtime ${status.runtime}, which has no Docker socket (colima keeps the runtime a VM was created with): delete the profile (colima delete -p ${profile}) and run again`,
        };
      }
      const answers = status.dockerSocket ? await pingSocket(status.dockerSocket) : false;
      return {
        done: answers,
        status: answers ? `${profile} is running` : `${profile} runs, its Docker socket does not answer yet`,
      };
    },
    {
      timeoutMs: options.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      signal: options.signal ?? ctx.signal,
      onProgress: options.onProgress,
      intervalMs: 500,
    },
  );
}

export const colimaProvider: Provider = {
  id: ID,
  label: LABEL,

  async detect(ctx): Promise<ProviderDetection> {
    const problems: string[] = [];
    const installed = (await findExecutable('colima', ctx.env)) !== null;
    if (!installed) {
      return notInstalledDetection(ID, LABEL, problems);
    }
    const version = await colimaVersion(ctx);
    let instances: ColimaInstance[] | null = null;
    try {
      instances = await listInstances(ctx);
    } catch (err) {
      problems.push((err as Error).message);
    }
    const bench = instances ? await activeBench(ctx, instances) : null;
    let current: { id: string | null; label: string } | null = null;
    try {
      if (bench) {
        const status = await profileStatus(ctx, bench);
        if (status) current = variantFromValues(vmTypeFromDriver(status.driver), status.mountType);
      } else {
        const own = await defaultProfileSetting(ctx, version);
        if (own) current = { id: own.id, label: own.label };
      }
    } catch (err) {
      problems.push((err as Error).message);
    }
    const defaultExists = instances?.some((i) => i.name === 'default') ?? false;
    return {
      id: ID,
      label: LABEL,
      installed,
      version,
      running: instances ? instances.some((i) => i.running) : null,
      currentVariant: current?.id ?? null,
      currentSetting: current?.label ?? null,
      // colima writes each profile's colima.yaml itself; Mountbench writes none.
      settingsFile: null,
      engineName: bench ? contextOf(bench) : defaultExists ? 'colima' : null,
      problems,
    };
  },

  async readSettings(ctx): Promise<ProviderSettings> {
    const bench = await activeBench(ctx);
    if (bench) {
      const status = await profileStatus(ctx, bench);
      if (status) {
        const vmType = vmTypeFromDriver(status.driver);
        return {
          source: `colima status -p ${bench} --json`,
          formatVersion: null,
          values: { vmType, mountType: status.mountType },
          variant: variantFromValues(vmType, status.mountType).id,
        };
      }
    }
    const own = await defaultProfileSetting(ctx, await colimaVersion(ctx));
    return {
      source: own ? own.source : 'no running Mountbench profile and no default profile',
      formatVersion: null,
      values: own ? own.values : {},
      variant: own ? own.id : null,
    };
  },

  listVariants: variants,

  async planApply(ctx, variant): Promise<ApplyPlan> {
    const def = await availableDef(ctx, variant);
    const profile = profileFor(variant);
    const instances = await listInstances(ctx);
    const existing = instances.find((i) => i.name === profile);
    const othersRunning = instances.filter((i) => i.running && isBench(i.name) && i.name !== profile);
    return {
      variant,
      changes: !existing?.running || othersRunning.length > 0,
      // No VM of the user's restarts: the bench profile is a VM of its own.
      restarts: false,
      writes: existing?.running
        ? []
        : [
            {
              key: `colima profile ${profile}`,
              from: existing ? 'stopped' : 'absent',
              to: `${def.label} (running)`,
            },
          ],
      estimatedSeconds: existing?.running ? 0 : existing ? 30 : 90,
      notes: [
        `Mountbench starts its own colima profile ${profile}; your profiles are not touched.`,
        ...(othersRunning.length ? [`It stops ${othersRunning.map((i) => i.name).join(', ')} first.`] : []),
        `${profile} is deleted at the end (MOUNTBENCH_KEEP_COLIMA_PROFILES=1 keeps it).`,
        ...((await templateExists(ctx))
          ? [`It starts without your template ${templateFile(ctx)} (--template=false, runtime docker).`]
          : []),
        ...def.notes,
      ],
    };
  },

  async captureOriginals(ctx, journal) {
    // Bench profiles that exist already (kept by an earlier sweep) go back to how they are now;
    // the ones this sweep creates are deleted (or kept, stopped, when asked).
    const bench: Record<string, JsonValue> = {};
    for (const i of await listInstances(ctx)) if (isBench(i.name)) bench[i.name] = i.running;
    await journal.recordState(ID, 'benchProfiles', bench);
    await journal.recordState(ID, 'keepProfiles', ctx.env.MOUNTBENCH_KEEP_COLIMA_PROFILES === '1');
  },

  async apply(ctx, variant, journal) {
    const def = await availableDef(ctx, variant);
    const profile = profileFor(variant);
    if (!('benchProfiles' in journal.originals(ID).state)) {
      throw new MountbenchError('INTERNAL', 'captureOriginals must run before apply');
    }
    const instances = await listInstances(ctx);
    for (const other of instances.filter((i) => i.running && isBench(i.name) && i.name !== profile)) {
      await journal.step(ID, 'apply', 'stop', other.name);
      await stopProfile(ctx, other.name);
    }
    if (instances.find((i) => i.name === profile)?.running) return;
    await journal.step(ID, 'apply', 'start', `${profile} (${def.vmType}, ${def.mountType})`);
    await startProfile(ctx, profile, {
      vmType: def.vmType,
      mountType: def.mountType,
      vmTypeFlag: hasVmTypeFlag(ctx.host),
      version: await colimaVersion(ctx),
    });
  },

  waitReady,

  async servingProcesses(ctx) {
    // colima runs its VM through Lima: the bench profile's Lima instance keeps the pid files.
    const profile = await activeBench(ctx).catch(() => null);
    return profile
      ? hostAgentServing(path.join(limaRoot(ctx), instanceOf(profile)), {
          agent: "colima's VM host agent",
          vm: "QEMU (colima's VM)",
        })
      : [];
  },

  async verify(ctx, variant, observedFsType): Promise<VerifyResult> {
    const def = defById(variant);
    const profile = profileFor(variant);
    const status = await profileStatus(ctx, profile);
    if (!def || !status)
      return { ok: false, reported: null, message: `colima profile ${profile} is not running` };
    const vmType = vmTypeFromDriver(status.driver);
    const reported = `${profile}: ${status.driver}, mount type ${status.mountType ?? 'unknown'}`;
    if (vmType !== def.vmType || status.mountType !== def.mountType) {
      return {
        ok: false,
        reported,
        message: `colima runs ${profile} as ${vmType} + ${status.mountType ?? 'unknown'}, not ${def.label} (colima turns virtiofs without vz into sshfs and 9p with vz into virtiofs, and never changes an existing VM): delete the profile and run again.`,
      };
    }
    return verifyFsType(def.label, def.expectedFsTypes, observedFsType, reported);
  },

  async restore(ctx, originals, journal) {
    const before = (originals.state.benchProfiles ?? {}) as Record<string, JsonValue>;
    const keep = originals.state.keepProfiles === true;
    for (const i of await listInstances(ctx)) {
      if (!isBench(i.name)) continue;
      if (i.name in before) {
        const wasRunning = before[i.name] === true;
        if (wasRunning && !i.running) {
          await journal.step(ID, 'restore', 'start', `${i.name} (it was running before)`);
          await startProfile(ctx, i.name, { version: await colimaVersion(ctx) });
        } else if (!wasRunning && i.running) {
          await journal.step(ID, 'restore', 'stop', `${i.name} (it was stopped before)`);
          await stopProfile(ctx, i.name);
        }
      } else if (keep) {
        if (i.running) {
          await journal.step(ID, 'restore', 'stop', `${i.name} (kept)`);
          await stopProfile(ctx, i.name);
        }
      } else {
        await journal.step(ID, 'restore', 'delete', i.name);
        await deleteProfile(ctx, i.name, await colimaVersion(ctx));
      }
    }
  },
};
