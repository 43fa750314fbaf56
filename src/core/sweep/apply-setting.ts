// "Apply this setting": switch one product to one variant and LEAVE it there. Same safety as a
// sweep: a dry run first (proposeApply, reads only); then originals journalled before the first
// change, apply, wait, verify (the product reports the variant, the bind mount shows its fs type).
// A failure or a cancel puts the originals back and says so. Success finishes the journal WITHOUT
// restoring, keeps the backup copies and tells where they are. A crash in between leaves an
// unfinished journal, which `mountbench restore` and the app's start finish (originals back).
import { MountbenchError, serializeError } from '../../shared/errors';
import type { ApplyPhase, ApplyProposal, ApplyResult } from '../../shared/sweep';
import { resolveEngine } from '../engines';
import { Journal } from '../journal';
import type { Provider, ProviderContext } from '../providers/provider';
import { benchImageFor, ensureImage } from '../runner/image';
import { newRunId } from '../runner/prepare-run';
import { DOCKER_CLI_OWNER, captureDockerContext, restoreDockerContext } from './docker-cli-context';
import { observeBindFsType } from './observe-fs';
import { requireAvailableVariant } from '../providers/require-variant';
import { requireInstalled } from './require-installed';
import { runningContainerNames } from './running-containers';

/** Said when asked to "apply" a variant of the plain engine: there is no product setting behind it. */
export function noSettingToApply(provider: Provider): string {
  return `${provider.label} has no file-sharing setting to switch: its variants are Mountbench's own ways of serving a bind mount for a run, so there is nothing to apply`;
}

/** The dry run: what the switch writes, whether the product restarts, which containers stop. */
export async function proposeApply(
  provider: Provider,
  variant: string,
  ctx: ProviderContext,
): Promise<ApplyProposal> {
  if (provider.id === 'docker-engine') throw new MountbenchError('BAD_INPUT', noSettingToApply(provider));
  const detection = await requireInstalled(provider, ctx);
  const all = await provider.listVariants(ctx);
  const spec = requireAvailableVariant(provider.label, all, variant);
  // A settings file that cannot be parsed makes planApply throw: nothing is proposed, nothing changes.
  const plan = await provider.planApply(ctx, variant);
  const notes = [...spec.notes];
  let containersToStop: string[] = [];
  if (plan.changes && plan.restarts && detection.running && detection.engineName) {
    const listed = await runningContainerNames(ctx, detection.engineName);
    containersToStop = listed.names;
    if (listed.problem) notes.push(listed.problem);
  }
  return {
    provider: detection,
    variant: { id: spec.id, label: spec.label },
    plan,
    containersToStop,
    notes,
  };
}

export interface ApplyOptions {
  cacheDir: string;
  /** The bench image for the fs-type probe (MOUNTBENCH_IMAGE or the pinned one when omitted). */
  image?: string;
  readyTimeoutMs?: number;
  signal: AbortSignal;
  onEvent?(phase: ApplyPhase, message?: string): void;
}

export async function applySetting(
  provider: Provider,
  variant: string,
  ctx: ProviderContext,
  options: ApplyOptions,
): Promise<ApplyResult> {
  const emit = (phase: ApplyPhase, message?: string) => {
    try {
      options.onEvent?.(phase, message);
    } catch {
      // a listener's bug must not break the apply
    }
  };
  const { signal } = options;
  const live: ProviderContext = { ...ctx, signal };
  const proposal = await proposeApply(provider, variant, live);
  const base = { provider: provider.id, variant, fsType: null, reported: null };
  if (!proposal.plan.changes) {
    return {
      ...base,
      status: 'unchanged',
      message: `${provider.label} is already set to ${proposal.variant.label}; nothing was changed`,
      backups: [],
      journal: null,
      restored: true,
    };
  }
  const journal = await Journal.create(ctx.dataDir, `apply ${provider.id} ${variant}`);
  const backups = () =>
    [journal.originals(provider.id), journal.originals(DOCKER_CLI_OWNER)]
      .flatMap((o) => o.files)
      .flatMap((f) => (f.backup ? [f.backup] : []));
  let fsType: string | null = null;
  let reported: string | null = null;
  try {
    emit('backup');
    await captureDockerContext(live, journal);
    await provider.captureOriginals(live, journal);
    emit('apply');
    await journal.step('apply', 'apply', 'variant', variant);
    await provider.apply(live, variant, journal);
    emit('wait');
    await provider.waitReady(live, {
      timeoutMs: options.readyTimeoutMs,
      signal,
      onProgress: (message) => emit('progress', message),
    });
    const engineName = (await provider.detect(live)).engineName;
    if (!engineName)
      throw new MountbenchError('ENGINE_NOT_FOUND', `${provider.label} names no engine to run on`);
    const resolved = await resolveEngine(engineName, { env: ctx.env, home: ctx.home, signal });
    emit('verify');
    const image = benchImageFor(options.image, ctx.env);
    await ensureImage(resolved.docker, image, signal, (p) =>
      emit(
        'progress',
        `pulling ${image}: ${p.fraction === null ? p.status : `${Math.round(p.fraction * 100)} %`}`,
      ),
    );
    fsType = await observeBindFsType({
      docker: resolved.docker,
      image,
      provider: provider.id,
      variant,
      cacheDir: options.cacheDir,
      probeId: `${newRunId()}-apply`,
      signal,
    });
    const verdict = await provider.verify(live, variant, fsType);
    reported = verdict.reported;
    if (!verdict.ok)
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `${proposal.variant.label} did not take: ${verdict.message ?? 'verification failed'}`,
      );
    // The product keeps the new setting; the docker CLI's current context is the user's, not part
    // of the setting, so it goes back to what it was (a product start switches it to its own).
    await restoreDockerContext({ ...ctx, signal: undefined }, journal.originals(DOCKER_CLI_OWNER), journal);
    await journal.markRestored(DOCKER_CLI_OWNER);
    const kept = backups();
    await journal.finish('completed');
    return {
      ...base,
      status: 'applied',
      fsType,
      reported,
      message: `${provider.label} now uses ${proposal.variant.label} (bind mounts show ${fsType}). ${
        kept.length ? `The settings as they were are kept in ${kept.join(', ')}.` : ''
      }`.trim(),
      backups: kept,
      journal: journal.file,
      restored: false,
    };
  } catch (err) {
    const why = (signal.aborted ? 'the switch was cancelled' : serializeError(err).message).replace(
      /\.+$/,
      '',
    );
    // Restore with no signal: a cancel must not cut putting things back short.
    const steady: ProviderContext = { ...ctx, signal: undefined };
    emit('restore', why);
    let restoreError: string | undefined;
    try {
      await journal.step('apply', 'restore', 'begin');
      if (!journal.isRestored(provider.id)) {
        await provider.restore(steady, journal.originals(provider.id), journal);
        await journal.markRestored(provider.id);
      }
      await restoreDockerContext(steady, journal.originals(DOCKER_CLI_OWNER), journal);
      await journal.markRestored(DOCKER_CLI_OWNER);
      await journal.finish('restored');
    } catch (restoreErr) {
      restoreError = `${serializeError(restoreErr).message} — run \`mountbench restore\` to try again`;
    } finally {
      await journal.close();
    }
    return {
      ...base,
      status: 'failed',
      fsType,
      reported,
      message: `${why}. ${
        restoreError
          ? `The original settings could NOT all be put back: ${restoreError}`
          : 'The original settings were put back.'
      }`,
      backups: backups(),
      journal: journal.file,
      restored: restoreError === undefined,
      ...(restoreError ? { restoreError } : {}),
    };
  }
}
