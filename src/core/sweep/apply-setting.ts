// "Apply this setting": switch one product to one variant and LEAVE it there. Same safety as a
// sweep: a dry run first (proposeApply, reads only); then originals journalled before the first
// change, apply, wait, verify (the product reports the variant, the bind mount shows its fs type).
// A failure or a cancel puts the originals back and says so. Success finishes the journal WITHOUT
// restoring, keeps the backup copies and tells where they are. A crash in between leaves an
// unfinished journal, which `mountbench restore` and the app's start finish (originals back).
import { MountbenchError, serializeError } from '../../shared/errors';
import type { ApplyPhase, ApplyProposal, ApplyResult } from '../../shared/sweep';
import { Journal } from '../journal';
import type { Provider, ProviderContext } from '../providers/provider';
import { benchImageFor } from '../runner/image';
import { newRunId } from '../runner/prepare-run';
import { DOCKER_CLI_OWNER } from './docker-cli-context';
import { putBackDockerContext, putEverythingBack, recordOriginals, switchVariant } from './settings-switch';
import { requireAvailableVariant } from '../providers/require-variant';
import { requireInstalled } from './require-installed';
import { runningContainerNames } from './running-containers';
import type { SwitchEngine } from './switch-engine';

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
  /** Default the Docker engine itself; unit tests answer the switch's probe without one. */
  engine?: SwitchEngine;
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
  const journal = await Journal.create(ctx.dataDir, `apply ${provider.id} ${variant}`, { home: ctx.home });
  const backups = () =>
    [journal.originals(provider.id), journal.originals(DOCKER_CLI_OWNER)]
      .flatMap((o) => o.files)
      .flatMap((f) => (f.backup ? [f.backup] : []));
  let fsType: string | null = null;
  let reported: string | null = null;
  try {
    emit('backup');
    await recordOriginals(provider, live, journal);
    const switched = await switchVariant(provider, variant, live, journal, {
      owner: 'apply',
      image: benchImageFor(options.image, ctx.env),
      cacheDir: options.cacheDir,
      probeId: `${newRunId()}-apply`,
      readyTimeoutMs: options.readyTimeoutMs,
      signal,
      onPhase: (phase) => emit(phase),
      onProgress: (message) => emit('progress', message),
      engine: options.engine,
    });
    fsType = switched.fsType;
    reported = switched.verdict.reported;
    if (!switched.verdict.ok)
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `${proposal.variant.label} did not take: ${switched.verdict.message ?? 'verification failed'}`,
      );
    // The product keeps the new setting; the docker CLI's current context is the user's, not part
    // of the setting, so it goes back to what it was (a product start switches it to its own).
    await putBackDockerContext(ctx, journal);
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
    emit('restore', why);
    // With no signal: a cancel must not cut putting things back short.
    const restoreError = await putEverythingBack(provider, ctx, journal, 'apply', 'restored');
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
