// The sweep (docs/architecture.md, "Sweeps"): for each variant of one provider — journal, back up,
// stop, write, start, wait, verify, measure — then put back the settings, the running state and the
// Docker context. A cancel stops the workloads and restores; a crash leaves the journal for
// `mountbench restore`.
import { serializeError, MountbenchError } from '../../shared/errors';
import type { MachineInfo, RunFile } from '../../shared/result-schema';
import type { SweepProgress, VariantOutcomeView } from '../../shared/sweep';
import { engineInfoFrom, resolveEngine } from '../engines';
import { Journal } from '../journal';
import type { Provider, ProviderContext } from '../providers/provider';
import { benchImageFor, ensureImage } from '../runner/image';
import { newRunId } from '../runner/prepare-run';
import { executeRun } from '../runner/run';
import { DOCKER_CLI_OWNER, captureDockerContext, restoreDockerContext } from './docker-cli-context';
import { mergeRuns } from './merge-runs';
import { observeBindFsType } from './observe-fs';
import { proposeSweep, type SweepProposal } from './propose';
import type { SweepRequest } from './sweep-request';
import { appStamp } from '../app-version';

/** What a running sweep reports: the dashboard's type (src/shared), so the two cannot drift. */
export type SweepEvent = SweepProgress;

export interface SweepOptions {
  machine: MachineInfo;
  appVersion: string;
  cacheDir: string;
  signal: AbortSignal;
  onEvent?(event: SweepEvent): void;
  /** The dry run the caller already made (and showed) for this request; made here when absent. */
  proposal?: SweepProposal;
}

export type VariantOutcome = VariantOutcomeView;

export interface SweepOutcome {
  status: RunFile['status'];
  proposal: SweepProposal;
  variants: VariantOutcome[];
  /** The merged result file (null when nothing was measured and nothing failed). */
  run: RunFile | null;
  restored: boolean;
  restoreError?: string;
  journal: string;
}

export async function runSweep(
  provider: Provider,
  request: SweepRequest,
  ctx: ProviderContext,
  options: SweepOptions,
): Promise<SweepOutcome> {
  const emit = (event: SweepEvent) => {
    try {
      options.onEvent?.(event);
    } catch {
      // a listener's bug must not break the sweep
    }
  };
  const signal = options.signal;
  const live: ProviderContext = { ...ctx, signal };
  const proposal = options.proposal ?? (await proposeSweep(provider, request, live));
  if (proposal.blockers.length) {
    throw new MountbenchError(
      'FILE_INVALID',
      `the sweep cannot start, nothing was changed:\n${proposal.blockers.join('\n')}`,
    );
  }
  const image = benchImageFor(request.image, ctx.env);
  const runId = newRunId();
  const runs: RunFile[] = [];
  const extraErrors: RunFile['errors'] = [];
  const outcomes: VariantOutcome[] = [];
  const journal = await Journal.create(ctx.dataDir, `sweep ${provider.id}`);
  emit({ type: 'journal', file: journal.file });

  try {
    // Originals first, durably, before the first change.
    await captureDockerContext(live, journal);
    await provider.captureOriginals(live, journal);
    for (const [index, proposed] of proposal.variants.entries()) {
      if (signal.aborted) break;
      const variant = proposed.spec.id;
      const outcome: VariantOutcome = { variant, ok: false, fsType: null, reported: null };
      outcomes.push(outcome);
      try {
        emit({ type: 'variant', variant, label: proposed.spec.label, phase: 'apply' });
        await journal.step('sweep', 'apply', 'variant', variant);
        await provider.apply(live, variant, journal);
        emit({ type: 'variant', variant, label: proposed.spec.label, phase: 'wait' });
        await provider.waitReady(live, {
          timeoutMs: request.readyTimeoutMs,
          signal,
          onProgress: (message) => emit({ type: 'progress', message }),
        });
        const engineName = (await provider.detect(live)).engineName;
        if (!engineName)
          throw new MountbenchError('ENGINE_NOT_FOUND', `${provider.label} names no engine to run on`);
        const resolved = await resolveEngine(engineName, { env: ctx.env, home: ctx.home, signal });
        emit({ type: 'variant', variant, label: proposed.spec.label, phase: 'verify' });
        // The engine may be a fresh VM without the bench image: pull it before the probe needs it.
        await ensureImage(resolved.docker, image, signal, (p) =>
          emit({
            type: 'progress',
            message: `pulling ${image}: ${p.fraction === null ? p.status : `${Math.round(p.fraction * 100)} %`}`,
          }),
        );
        outcome.fsType = await observeBindFsType({
          docker: resolved.docker,
          image,
          provider: provider.id,
          variant,
          cacheDir: options.cacheDir,
          probeId: `${runId}-probe${index}`,
          signal,
        });
        const verdict = await provider.verify(live, variant, outcome.fsType);
        outcome.reported = verdict.reported;
        if (!verdict.ok)
          throw new MountbenchError(
            'WORKLOAD_FAILED',
            `${proposed.spec.label}: ${(verdict.message ?? 'verification failed').replace(/\.+$/, '')}; this variant was not measured`,
          );
        emit({ type: 'variant', variant, label: proposed.spec.label, phase: 'measure' });
        await journal.step('sweep', 'apply', 'measure', variant);
        const run = await executeRun({
          runId: `${runId}-${index}`,
          request: {
            mounts: request.mounts,
            workloads: request.workloads,
            size: request.size,
            runs: request.runs,
            warmup: request.warmup,
            variants: [variant],
            ...(request.image ? { image: request.image } : {}),
          },
          backends: proposal.backends.filter((b) => b.variant === variant),
          docker: resolved.docker,
          engine: engineInfoFrom(resolved.engine),
          image,
          machine: options.machine,
          appVersion: options.appVersion,
          allowHostCommands: false,
          cacheDir: options.cacheDir,
          env: ctx.env,
          signal,
          onEvent: (event) => emit({ type: 'run', variant, event }),
        });
        runs.push(run);
        outcome.ok = run.status === 'completed';
        emit({ type: 'variant', variant, label: proposed.spec.label, phase: 'done' });
      } catch (err) {
        if (signal.aborted) break;
        const error = serializeError(err);
        outcome.message = error.message;
        extraErrors.push({ ...error, backendId: `${provider.id}/${variant}` });
        emit({
          type: 'variant',
          variant,
          label: proposed.spec.label,
          phase: 'skipped',
          message: error.message,
        });
      }
    }
  } catch (err) {
    if (!signal.aborted) extraErrors.push(serializeError(err));
  }

  // Restore with no signal: a cancel must not cut putting things back short.
  const steady: ProviderContext = { ...ctx, signal: undefined };
  emit({ type: 'restore', phase: 'started' });
  let restoreError: string | undefined;
  try {
    await journal.step('sweep', 'restore', 'begin');
    if (!journal.isRestored(provider.id)) {
      await provider.restore(steady, journal.originals(provider.id), journal);
      await journal.markRestored(provider.id);
    }
    await restoreDockerContext(steady, journal.originals(DOCKER_CLI_OWNER), journal);
    await journal.markRestored(DOCKER_CLI_OWNER);
    await journal.finish('completed');
    emit({ type: 'restore', phase: 'done' });
  } catch (err) {
    restoreError = `${serializeError(err).message} — run \`mountbench restore\` to try again`;
    emit({ type: 'restore', phase: 'failed', message: restoreError });
  } finally {
    await journal.close();
  }

  if (signal.aborted)
    extraErrors.push({
      name: 'MountbenchError',
      code: 'CANCELLED',
      message: 'the sweep was cancelled; settings were put back',
    });
  const run =
    mergeRuns(runId, runs, extraErrors, signal.aborted) ??
    (extraErrors.length ? emptyRun(runId, options, extraErrors, signal.aborted) : null);
  return {
    status: run?.status ?? (signal.aborted ? 'cancelled' : 'completed'),
    proposal,
    variants: outcomes,
    run,
    restored: restoreError === undefined,
    ...(restoreError ? { restoreError } : {}),
    journal: journal.file,
  };
}

function emptyRun(id: string, options: SweepOptions, errors: RunFile['errors'], cancelled: boolean): RunFile {
  const now = new Date().toISOString();
  return {
    schema: 'mountbench-run',
    version: 1,
    id,
    createdAt: now,
    finishedAt: now,
    status: cancelled ? 'cancelled' : 'failed',
    app: appStamp(options.appVersion),
    machine: options.machine,
    engine: null,
    image: null,
    results: [],
    errors,
  };
}
