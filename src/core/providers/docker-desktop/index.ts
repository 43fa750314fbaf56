// Docker Desktop for Mac as a provider: switches its file sharing by editing its settings file
// while it is fully quit (no process of the app left), then starts it again. See README.md here
// for every path and command, and docs/product-facts.md for the source of each fact (and why the
// app's settings API on backend.native.sock is not used).
import { MountbenchError } from '../../../shared/errors';
import { restoreFile, sha256, type JournalHandle, type ProviderOriginals } from '../../journal';
import { assertWritable, readSettingsBytes, writeSettingsFile } from '../../settings-files';
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
import { engineInfo } from '../engine-info';
import { findGeneration, readDockerDesktopSettings, type DockerDesktopSettings } from './generations';
import { DOCKER_DESKTOP_CONTEXT, engineSocket } from './paths';
import {
  appInstalled,
  desktopStatus,
  type DesktopStatus,
  productVersion,
  startDesktop,
  stopDesktop,
} from './product';
import { listDockerDesktopVariants, variantFromSwitches, writesFor } from './variants';
import { switchedText } from './switched-text';
import { requireAvailableVariant } from '../require-variant';
import { verifyFsType } from '../verify-fs-type';

const ID = 'docker-desktop' as const;
const STOP_TIMEOUT_MS = 120_000;

async function versionOf(
  ctx: ProviderContext,
  settings: DockerDesktopSettings | null,
): Promise<string | null> {
  return productVersion(ctx, settings?.launchPath ?? null);
}

async function variants(ctx: ProviderContext): Promise<{ list: VariantSpec[]; version: string | null }> {
  const generation = await findGeneration(ctx.home);
  const settings = await readDockerDesktopSettings(ctx.home).catch(() => null);
  const version = await versionOf(ctx, settings);
  const file = { settingsVersion: settings?.version ?? null, memoryMiB: settings?.memoryMiB ?? null };
  return { list: listDockerDesktopVariants(ctx.host, version, generation, file), version };
}

async function availableVariant(ctx: ProviderContext, id: string): Promise<VariantSpec> {
  return requireAvailableVariant('Docker Desktop', (await variants(ctx)).list, id);
}

async function waitStopped(
  ctx: ProviderContext,
  version: string | null,
  launchPath: string | null,
): Promise<void> {
  await waitUntil(
    'Docker Desktop to quit',
    async () => {
      const s = await desktopStatus(freshReads(ctx), version, launchPath);
      return { done: s.stopped, status: s.status };
    },
    { timeoutMs: STOP_TIMEOUT_MS, signal: ctx.signal },
  );
}

async function waitReady(ctx: ProviderContext, options: WaitOptions = {}): Promise<void> {
  const settings = await readDockerDesktopSettings(ctx.home).catch(() => null);
  const version = await versionOf(ctx, settings);
  await waitUntil(
    'Docker Desktop to be ready',
    async () => {
      const s = await desktopStatus(freshReads(ctx), version);
      return {
        done: s.running,
        status: s.status,
        ...(s.status === 'error' ? { failed: 'Docker Desktop reports an error' } : {}),
      };
    },
    {
      timeoutMs: options.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      signal: options.signal ?? ctx.signal,
      onProgress: options.onProgress,
    },
  );
}

/**
 * `docker desktop stop`, or the app's own quit when the CLI already calls it stopped while its
 * processes run on (Resource Saver stopped the VM): `docker desktop stop` has nothing to stop then.
 */
async function quitDesktop(ctx: ProviderContext, status: DesktopStatus): Promise<void> {
  await stopDesktop(ctx, status.status.startsWith('stopped') ? false : status.viaCli);
}

function fileOriginal(journal: JournalHandle, file: string) {
  const original = journal.originals(ID).files.find((f) => f.path === file);
  if (!original)
    throw new MountbenchError(
      'INTERNAL',
      `no journal record of ${file}: captureOriginals must run before apply`,
    );
  return original;
}

/**
 * Docker VMM and the Apple Virtualization framework both serve bind mounts over VirtioFS, and no
 * source names anything the engine reports (kernel, OS) that tells them apart: the result carries
 * what the engine said and says the VM itself is unverified.
 */
async function vmmReport(ctx: ProviderContext, reported: string): Promise<string> {
  const info = await engineInfo(engineSocket(ctx.home));
  const engine = info
    ? `the engine reports kernel ${info.kernelVersion ?? 'unknown'}, OS ${info.operatingSystem ?? 'unknown'}`
    : 'the engine did not answer GET /info';
  return `${reported}; VM unverified: ${engine}, which does not tell Docker VMM from the Apple Virtualization framework`;
}

export const dockerDesktopProvider: Provider = {
  id: ID,
  label: 'Docker Desktop',

  async detect(ctx): Promise<ProviderDetection> {
    const problems: string[] = [];
    const generation = await findGeneration(ctx.home);
    let settings: DockerDesktopSettings | null = null;
    if (generation) {
      try {
        settings = await readDockerDesktopSettings(ctx.home);
      } catch (err) {
        problems.push((err as Error).message);
      }
    }
    const app = await appInstalled(ctx, settings?.launchPath ?? null);
    const installed = generation !== null || app !== null;
    const version = installed ? await versionOf(ctx, settings) : null;
    const status = installed ? await desktopStatus(ctx, version, settings?.launchPath ?? null) : null;
    if (settings?.versionWarning) problems.push(settings.versionWarning);
    const current = settings ? variantFromSwitches(settings.switches, ctx.host.arch) : null;
    return {
      id: ID,
      label: 'Docker Desktop',
      installed,
      version,
      running: status ? !status.stopped : false,
      currentVariant: current?.id ?? null,
      currentSetting: current?.label ?? null,
      settingsFile: generation?.file ?? null,
      engineName: DOCKER_DESKTOP_CONTEXT,
      problems,
    };
  },

  async readSettings(ctx): Promise<ProviderSettings> {
    const s = await readDockerDesktopSettings(ctx.home);
    const values: ProviderSettings['values'] = {};
    for (const [name, key] of Object.entries(s.generation.keys)) {
      if (key) values[key] = s.switches[name as keyof typeof s.switches];
    }
    return {
      source: s.generation.file,
      formatVersion: s.version,
      values,
      variant: variantFromSwitches(s.switches, ctx.host.arch).id,
    };
  },

  async listVariants(ctx) {
    return (await variants(ctx)).list;
  },

  async planApply(ctx, variant): Promise<ApplyPlan> {
    const spec = await availableVariant(ctx, variant);
    const s = await readDockerDesktopSettings(ctx.home);
    const writes = writesFor(variant, s.generation, s.switches, ctx.host.arch, s.written);
    if (writes.length) {
      await assertWritable(s.generation.file);
      switchedText(s, writes);
    }
    const status = await desktopStatus(ctx, await versionOf(ctx, s), s.launchPath);
    return {
      variant,
      changes: writes.length > 0 || !status.running,
      restarts: writes.length > 0,
      writes: writes.map((w) => ({ key: `${s.generation.name}: ${w.key}`, from: w.from, to: w.to })),
      estimatedSeconds: writes.length ? 90 : status.running ? 0 : 45,
      notes: [
        ...(writes.length ? ['Docker Desktop quits and starts again: every container it runs stops.'] : []),
        ...(s.versionWarning ? [s.versionWarning] : []),
        ...spec.notes,
      ],
    };
  },

  async captureOriginals(ctx, journal) {
    const s = await readDockerDesktopSettings(ctx.home);
    const status = await desktopStatus(ctx, await versionOf(ctx, s), s.launchPath);
    await journal.recordFile(ID, s.generation.file);
    await journal.recordState(ID, 'running', !status.stopped);
  },

  async apply(ctx, variant, journal) {
    await availableVariant(ctx, variant);
    const first = await readDockerDesktopSettings(ctx.home);
    const version = await versionOf(ctx, first);
    const original = fileOriginal(journal, first.generation.file);
    const firstWrites = writesFor(variant, first.generation, first.switches, ctx.host.arch, first.written);
    if (firstWrites.length) {
      // Refuse before stopping anything: a read-only or ambiguous file must not cost a restart.
      await assertWritable(first.generation.file);
      switchedText(first, firstWrites);
      const status = await desktopStatus(ctx, version, first.launchPath);
      if (!status.stopped) {
        await journal.step(ID, 'apply', 'stop', `for ${variant}`);
        await quitDesktop(ctx, status);
        await waitStopped(ctx, version, first.launchPath);
      }
      // Read again: Docker Desktop may have rewritten the file on its way out.
      const s = await readDockerDesktopSettings(ctx.home);
      const writes = writesFor(variant, s.generation, s.switches, ctx.host.arch, s.written);
      const text = switchedText(s, writes);
      await journal.step(ID, 'apply', 'write', `${s.generation.name} for ${variant}`);
      await writeSettingsFile(s.file, text, original);
    }
    const now = await desktopStatus(ctx, version, first.launchPath);
    if (!now.running) {
      await journal.step(ID, 'apply', 'start', `for ${variant}`);
      await startDesktop(ctx, now.viaCli);
    }
  },

  waitReady,

  async verify(ctx, variant, observedFsType): Promise<VerifyResult> {
    const s = await readDockerDesktopSettings(ctx.home);
    const current = variantFromSwitches(s.switches, ctx.host.arch);
    const reported = `${current.label} (${s.generation.name})`;
    if (current.id !== variant) {
      return {
        ok: false,
        reported,
        message: `Docker Desktop runs ${current.label} after the restart, not ${variant}: it did not take the setting.`,
      };
    }
    const { list } = await variants(ctx);
    const expected = list.find((v) => v.id === variant)?.expectedFsTypes ?? [];
    const verdict = verifyFsType(variant, expected, observedFsType, reported);
    if (!verdict.ok || variant !== 'docker-vmm') return verdict;
    return { ...verdict, reported: await vmmReport(ctx, reported) };
  },

  async restore(ctx, originals: ProviderOriginals, journal) {
    // Only what was recorded is put back: with no running state on record (a crash before it was
    // written), Docker Desktop is left running or not as it is now.
    const wasRunning = 'running' in originals.state ? originals.state.running === true : null;
    const settings = await readDockerDesktopSettings(ctx.home).catch(() => null);
    const version = await versionOf(ctx, settings);
    const launchPath = settings?.launchPath ?? null;
    let changed = false;
    for (const f of originals.files) {
      // Bounded: an over-size file where the original was counts as changed (restored below).
      const bytes = await readSettingsBytes(f.path).catch(() => null);
      if (f.existed ? bytes === null || sha256(bytes) !== f.sha256 : bytes !== null) changed = true;
    }
    let status = await desktopStatus(ctx, version, launchPath);
    if (changed) {
      if (!status.stopped) {
        await journal.step(ID, 'restore', 'stop');
        await quitDesktop(ctx, status);
        await waitStopped(ctx, version, launchPath);
      }
      await journal.step(ID, 'restore', 'write', 'original settings');
      for (const f of originals.files) await restoreFile(f);
      status = await desktopStatus(ctx, version, launchPath);
    }
    if (wasRunning === true && !status.running) {
      if (status.stopped) {
        await journal.step(ID, 'restore', 'start');
        await startDesktop(ctx, status.viaCli);
      }
      await waitReady(ctx);
    } else if (wasRunning === false && !status.stopped) {
      await journal.step(ID, 'restore', 'stop', 'it was not running before');
      await quitDesktop(ctx, status);
      await waitStopped(ctx, version, launchPath);
    }
  },
};
