// Rancher Desktop as a provider. The settings version comes first (rdctl version, then the `version`
// the app or its file reports), because the VM and mount settings moved between versions and a key
// at an old path is silently ignored. Variants are applied through the app's own API
// (`rdctl api -X PUT /v1/settings`), so its validator and its self-restart stay in charge; the file is
// only ever written back from the journal's byte copy, while the app is shut down.
import { promises as fs } from 'node:fs';
import { MountbenchError } from '../../../shared/errors';
import { restoreFile, sha256, type JournalHandle, type ProviderOriginals } from '../../journal';
import { assertWritable, readSettingsBytes } from '../../settings-files';
import { findExecutable } from '../../vocab/find-executable';
import { pingSocket } from '../ping-socket';
import {
  DEFAULT_READY_TIMEOUT_MS,
  type ApplyPlan,
  type Provider,
  type ProviderContext,
  type ProviderDetection,
  type ProviderSettings,
  type VariantSpec,
  type VerifyResult,
  type WaitOptions,
} from '../provider';
import { waitUntil } from '../wait-until';
import { freshReads } from '../state-reads';
import { appCandidates, engineSocket, limaInstanceDir, RANCHER_DESKTOP_CONTEXT, settingsFile } from './paths';
import { hostAgentServing } from '../../host-processes/agent-pid-files';
import { apiSettings, backendState, putSettings, rdRelease, shutdownApp, startApp } from './rdctl';
import { readSettingsFromFile, type RdSettings } from './settings';
import {
  flagsFor,
  keyPathsFor,
  NEWEST_SETTINGS_VERSION,
  NINEP_KEYS,
  settingsVersionForRelease,
} from './settings-versions';
import {
  defById,
  effectiveNinep,
  listRancherDesktopVariants,
  variantFromValues,
  type VariantDef,
} from './variants';
import { isLocked, readLockedFields, type LockedFields } from './locked-settings';
import { requireAvailableVariant } from '../require-variant';
import { verifyFsType } from '../verify-fs-type';

const ID = 'rancher-desktop' as const;
const LABEL = 'Rancher Desktop';
const SHUTDOWN_TIMEOUT_MS = 180_000;
/** How long a reconfigure may take to show in /v1/backend_state before we stop looking for it. */
const RESTART_NOTICE_MS = 15_000;

/**
 * Why this Rancher Desktop cannot be driven at all: its settings (the API's when it runs, else the
 * file's) are of a version whose key paths Mountbench does not know. Decided by the settings' own
 * `version`, never by the release number alone: main after v1.24.0 still writes 19, so a 1.25
 * that keeps 19 is driven as 1.24 is. Any other unreadable file is for detect and apply to report.
 */
async function productProblem(ctx: ProviderContext, release: string | null): Promise<string | undefined> {
  try {
    await currentSettings(ctx);
  } catch (err) {
    if (err instanceof MountbenchError && /newer than the newest Mountbench knows/.test(err.message))
      return release ? `Rancher Desktop ${release}: ${err.message}` : err.message;
  }
  return undefined;
}

/** The settings version rdctl's start flags are spelled for: the release's (capped at the newest known), else the file's. */
function flagsVersion(release: string | null, fileVersion: number): number {
  return release ? Math.min(settingsVersionForRelease(release), NEWEST_SETTINGS_VERSION) : fileVersion;
}

async function variants(ctx: ProviderContext): Promise<VariantSpec[]> {
  const problem = await productProblem(ctx, await rdRelease(ctx));
  const list = listRancherDesktopVariants(ctx.host, problem);
  if (problem) return list;
  const locked = await readLockedFields(ctx);
  if (!locked) return list;
  const s = await currentSettings(ctx).catch(() => null);
  if (!s) return list;
  return list.map((v) => {
    const def = defById(v.id);
    const held = def && v.available ? lockedWrites(def, s, locked) : [];
    if (held.length === 0) return v;
    return {
      ...v,
      available: false,
      reason:
        `a deployment profile locks ${held.join(', ')} (${locked.source}): Rancher Desktop refuses to ` +
        `change ${held.length > 1 ? 'them' : 'it'}`,
    };
  });
}

/** The settings `def` would change that a deployment profile locks, as dotted paths. */
function lockedWrites(def: VariantDef, s: RdSettings, locked: LockedFields): string[] {
  return writesFor(def, s)
    .filter((w) => isLocked(locked, w.path))
    .map((w) => w.path.join('.'));
}

/** The owned settings a deployment profile locks, as dotted paths of settings version `version`. */
function lockedOwned(s: RdSettings, locked: LockedFields): string[] {
  const paths = keyPathsFor(s.version);
  return [paths.vmType, paths.mountType, ...NINEP_KEYS.map((k) => [...paths.ninep, k])]
    .filter((p) => isLocked(locked, p))
    .map((p) => p.join('.'));
}

async function availableDef(ctx: ProviderContext, id: string): Promise<VariantDef> {
  requireAvailableVariant(LABEL, await variants(ctx), id);
  const def = defById(id);
  if (!def) throw new MountbenchError('INTERNAL', `${LABEL} variant "${id}" has no definition`);
  return def;
}

/** The app's settings when it runs (authoritative), else its file. */
async function currentSettings(ctx: ProviderContext): Promise<RdSettings> {
  return (await apiSettings(ctx).catch(() => null)) ?? readSettingsFromFile(ctx.home);
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
}

/** The owned values `def` sets, at the key paths of settings `version`. */
function writesFor(
  def: VariantDef,
  s: RdSettings,
): { path: readonly string[]; from: unknown; to: unknown }[] {
  const paths = keyPathsFor(s.version);
  const wanted: { path: readonly string[]; from: unknown; to: unknown }[] = [
    { path: paths.vmType, from: s.values.vmType, to: def.vmType },
    { path: paths.mountType, from: s.values.mountType, to: def.mountType },
  ];
  // Every 9p option is written, so a tuned one (cache none, mapped-xattr) never rides along under
  // a variant's label; an absent one counts as what Rancher Desktop runs, its default.
  if (def.ninep) {
    const now = effectiveNinep(s.values);
    for (const key of NINEP_KEYS)
      wanted.push({ path: [...paths.ninep, key], from: now[key], to: def.ninep[key] });
  }
  return wanted.filter((w) => w.from !== w.to);
}

/** One PUT body: the VM type and mount type go together, so the validator sees the pair it allows. */
function putBody(def: VariantDef, version: number): Record<string, unknown> {
  const paths = keyPathsFor(version);
  const body: Record<string, unknown> = { version };
  setPath(body, paths.vmType, def.vmType);
  setPath(body, paths.mountType, def.mountType);
  if (def.ninep) for (const key of NINEP_KEYS) setPath(body, [...paths.ninep, key], def.ninep[key]);
  return body;
}

function startFlags(def: VariantDef, version: number): string[] {
  const flags = flagsFor(version);
  const out = [flags.vmType, def.vmType, flags.mountType, def.mountType];
  if (def.ninep) for (const key of NINEP_KEYS) out.push(flags.ninep[key], String(def.ninep[key]));
  return out;
}

async function waitReady(ctx: ProviderContext, options: WaitOptions = {}): Promise<void> {
  await waitUntil(
    `${LABEL} to be ready`,
    async () => {
      const state = await backendState(freshReads(ctx));
      if (state.vmState === 'ERROR') {
        return { done: false, status: 'ERROR', failed: `${LABEL} reports ERROR (its logs say why)` };
      }
      const started = state.vmState === 'STARTED' || state.vmState === 'DISABLED';
      const answers = started && (await pingSocket(engineSocket(ctx.home)));
      return {
        done: answers,
        status:
          started && !answers ? `${state.vmState}, the Docker socket does not answer yet` : state.detail,
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

async function waitShutDown(ctx: ProviderContext): Promise<void> {
  await waitUntil(
    `${LABEL} to shut down`,
    async () => {
      const state = await backendState(freshReads(ctx));
      return { done: !state.reachable, status: state.detail };
    },
    { timeoutMs: SHUTDOWN_TIMEOUT_MS, signal: ctx.signal, intervalMs: 500 },
  );
}

/** A reconfigure restarts the backend a moment after the PUT answers: wait until it has begun. */
async function waitRestartBegins(ctx: ProviderContext): Promise<void> {
  await waitUntil(
    `${LABEL} to begin its restart`,
    async () => {
      const state = await backendState(freshReads(ctx));
      return { done: state.vmState !== 'STARTED' && state.vmState !== 'DISABLED', status: state.detail };
    },
    { timeoutMs: RESTART_NOTICE_MS, signal: ctx.signal, intervalMs: 200 },
  ).catch((err: unknown) => {
    // A restart faster than our polling is no problem: waitReady follows anyway.
    if (err instanceof MountbenchError && err.code === 'CANCELLED') throw err;
  });
}

function originalOf(journal: JournalHandle, file: string) {
  const original = journal.originals(ID).files.find((f) => f.path === file);
  if (!original) {
    throw new MountbenchError(
      'INTERNAL',
      `no journal record of ${file}: captureOriginals must run before apply`,
    );
  }
  return original;
}

async function installed(ctx: ProviderContext): Promise<boolean> {
  if (await findExecutable('rdctl', ctx.env)) return true;
  for (const candidate of [settingsFile(ctx.home), ...appCandidates(ctx.home)]) {
    if (
      await fs.access(candidate).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

export const RANCHER_DESKTOP_PROCESS_LABELS = {
  agent: "Rancher Desktop's Lima host agent",
  vm: "QEMU (Rancher Desktop's VM)",
};

export const rancherDesktopProvider: Provider = {
  id: ID,
  label: LABEL,

  async detect(ctx): Promise<ProviderDetection> {
    const problems: string[] = [];
    const isInstalled = await installed(ctx);
    const hasRdctl = (await findExecutable('rdctl', ctx.env)) !== null;
    const release = hasRdctl ? await rdRelease(ctx) : null;
    const state = hasRdctl ? await backendState(ctx).catch(() => null) : null;
    if (isInstalled && !hasRdctl)
      problems.push(
        'rdctl is not on PATH (it lives in ~/.rd/bin); Mountbench needs it to drive Rancher Desktop',
      );
    const problem = hasRdctl ? await productProblem(ctx, release) : undefined;
    if (problem) problems.push(problem);
    let current: { id: string | null; label: string } | null = null;
    if (isInstalled) {
      try {
        const s = state?.reachable
          ? ((await apiSettings(ctx)) ?? (await readSettingsFromFile(ctx.home)))
          : await readSettingsFromFile(ctx.home);
        current = variantFromValues(s.values);
        const locked = await readLockedFields(ctx);
        const held = locked ? lockedOwned(s, locked) : [];
        // What runs cannot be changed here: say so, rather than offer a switch that will fail.
        if (held.length)
          current = {
            ...current,
            label: `${current.label} (locked by a deployment profile: ${held.join(', ')})`,
          };
      } catch (err) {
        // A settings version it does not know is already said, with the release.
        if (!problem?.endsWith((err as Error).message)) problems.push((err as Error).message);
      }
    }
    return {
      id: ID,
      label: LABEL,
      installed: isInstalled,
      version: release,
      running: state ? state.reachable : null,
      currentVariant: current?.id ?? null,
      currentSetting: current?.label ?? null,
      settingsFile: settingsFile(ctx.home),
      engineName: RANCHER_DESKTOP_CONTEXT,
      problems,
    };
  },

  async readSettings(ctx): Promise<ProviderSettings> {
    const s = await currentSettings(ctx);
    const paths = keyPathsFor(s.version);
    return {
      source: s.source,
      formatVersion: s.version,
      values: {
        [paths.vmType.join('.')]: s.values.vmType,
        [paths.mountType.join('.')]: s.values.mountType,
        ...Object.fromEntries(
          NINEP_KEYS.map((key) => [[...paths.ninep, key].join('.'), s.values[key] ?? null]),
        ),
      },
      variant: variantFromValues(s.values).id,
    };
  },

  listVariants: variants,

  async planApply(ctx, variant): Promise<ApplyPlan> {
    const def = await availableDef(ctx, variant);
    // The file must be readable (and writable, for the restore) whether or not the app runs.
    const file = await readSettingsFromFile(ctx.home);
    await assertWritable(file.source);
    const state = await backendState(ctx);
    const s = state.reachable ? ((await apiSettings(ctx)) ?? file) : file;
    const writes = writesFor(def, s);
    const notes: string[] = [];
    if (!state.reachable) notes.push(`${LABEL} is started for the sweep and shut down again afterwards.`);
    if (writes.length && state.reachable)
      notes.push(`${LABEL} restarts its VM: every container it runs stops.`);
    notes.push(...def.notes);
    return {
      variant,
      changes: writes.length > 0 || !state.reachable,
      restarts: writes.length > 0 && state.reachable,
      writes: writes.map((w) => ({
        key: `${w.path.join('.')} (settings version ${s.version})`,
        from: w.from,
        to: w.to,
      })),
      estimatedSeconds: !state.reachable ? 120 : writes.length ? 90 : 0,
      notes,
    };
  },

  async captureOriginals(ctx, journal) {
    // Refuse an unreadable, newer or missing file before anything is recorded or started: a
    // Rancher Desktop started on a file it cannot parse replaces it with its defaults.
    const file = await readSettingsFromFile(ctx.home);
    await journal.recordFile(ID, file.source);
    const state = await backendState(ctx);
    await journal.recordState(ID, 'running', state.reachable);
  },

  async apply(ctx, variant, journal) {
    const def = await availableDef(ctx, variant);
    const file = await readSettingsFromFile(ctx.home);
    originalOf(journal, file.source);
    // The restore writes the file back: a read-only one must stop us before anything changes.
    await assertWritable(file.source);
    const state = await backendState(ctx);
    if (!state.reachable) {
      const version = flagsVersion(await rdRelease(ctx), file.version);
      await journal.step(ID, 'apply', 'start', `rdctl start with ${variant}`);
      await startApp(ctx, [...startFlags(def, version), '--no-modal-dialogs']);
      return;
    }
    const live = await apiSettings(ctx);
    if (!live) throw new MountbenchError('ENGINE_UNREACHABLE', `${LABEL} stopped answering its API`);
    const writes = writesFor(def, live);
    if (writes.length === 0) return;
    await journal.step(ID, 'apply', 'put', `${variant} (settings version ${live.version})`);
    const answer = await putSettings(ctx, putBody(def, live.version));
    if (/no changes necessary/i.test(answer)) {
      throw new MountbenchError(
        'INTERNAL',
        `${LABEL} took none of ${writes.map((w) => w.path.join('.')).join(', ')} (settings version ${live.version}): it answered "${answer}"`,
      );
    }
    if (/reconfiguring|busy/i.test(answer)) await waitRestartBegins(ctx);
  },

  waitReady,

  async servingProcesses(ctx) {
    // Rancher Desktop runs its VM through Lima: the host agent (with the ssh and sftp-server of a
    // reverse-sshfs mount) and, under QEMU, the VM, named by the pid files in the instance's
    // folder, which Lima keeps only while the instance runs.
    return hostAgentServing(limaInstanceDir(ctx.home), RANCHER_DESKTOP_PROCESS_LABELS);
  },

  async verify(ctx, variant, observedFsType): Promise<VerifyResult> {
    const def = defById(variant);
    const live = await apiSettings(ctx).catch(() => null);
    if (!live)
      return {
        ok: false,
        reported: null,
        message: `${LABEL} does not answer its API, so it cannot say what it runs`,
      };
    const current = variantFromValues(live.values);
    const reported = `${current.label} (settings version ${live.version})`;
    if (!def || current.id !== variant) {
      return {
        ok: false,
        reported,
        message: `${LABEL} reports ${current.label}, not ${def?.label ?? variant}: it did not take the setting.`,
      };
    }
    return verifyFsType(def.label, def.expectedFsTypes, observedFsType, reported);
  },

  async restore(ctx, originals: ProviderOriginals, journal) {
    const wasRunning = originals.state.running === true;
    let changed = false;
    for (const f of originals.files) {
      // Bounded: an over-size file where the original was counts as changed (restored below).
      const bytes = await readSettingsBytes(f.path).catch(() => null);
      if (f.existed ? bytes === null || sha256(bytes) !== f.sha256 : bytes !== null) changed = true;
    }
    let state = await backendState(ctx);
    if (changed) {
      // The app owns the file while it runs and would overwrite it: shut it down, then put the
      // journal's byte copy back.
      if (state.reachable) {
        await journal.step(ID, 'restore', 'shutdown', 'to put settings.json back');
        await shutdownApp(ctx);
        await waitShutDown(ctx);
      }
      await journal.step(ID, 'restore', 'write', 'original settings.json');
      for (const f of originals.files) await restoreFile(f);
      state = await backendState(ctx);
    }
    if (wasRunning && !state.reachable) {
      await journal.step(ID, 'restore', 'start');
      await startApp(ctx, ['--no-modal-dialogs']);
      await waitReady(ctx);
    } else if (!wasRunning && state.reachable) {
      await journal.step(ID, 'restore', 'shutdown', 'it was not running before');
      await shutdownApp(ctx);
      await waitShutDown(ctx);
    }
  },
};
