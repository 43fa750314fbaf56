// The sweep (docs/architecture.md, "Sweeps"): for each variant of one provider — journal, back up,
// stop, write, start, wait, verify, measure — then put back the settings, the running state and the
// Docker context. Two settings or more are bracketed (unless the request says `reversePass: false`):
// the variants are measured again in reverse order, A B … B A, and each result says whether its two
// passes agree (pass-check.ts) and how far apart they were, which the ranking reads as the drift a
// difference between settings must exceed (stats/pass-drift.ts). A cancel stops the workloads and
// restores; a crash leaves the journal for `mountbench restore`.
import { serializeError, MountbenchError } from '../../shared/errors';
import type { MachineInfo, RunFile } from '../../shared/result-schema';
import { bracketed, type SweepProgress, type VariantOutcomeView } from '../../shared/sweep';
import { engineInfoFrom, withDetectedVersion } from '../engines';
import { Journal } from '../journal';
import type { Provider, ProviderContext } from '../providers/provider';
import { checkedBenchImage } from '../runner/image';
import { checkedToolsImage } from '../runner/tools-image';
import { newRunId } from '../runner/prepare-run';
import { executeRun, runParts, type RunContext } from '../runner/run';
import { mergeRuns } from './merge-runs';
import { attachControl, withControl } from './control';
import { checkPasses } from './pass-check';
import { proposeSweep, type SweepProposal } from './propose';
import { putEverythingBack, recordOriginals, switchVariant } from './settings-switch';
import type { SweepRequest } from './sweep-request';
import type { SwitchEngine } from './switch-engine';
import { appStamp } from '../app-version';

/** What a running sweep reports: the dashboard's type (src/shared), so the two cannot drift. */
/** A setting's run, built whole by the sweep, measured. */
const measureRun = (ctx: RunContext): Promise<RunFile> => executeRun(...runParts(ctx));

export type SweepEvent = SweepProgress;

export interface SweepOptions {
  machine: MachineInfo;
  appVersion: string;
  cacheDir: string;
  signal: AbortSignal;
  onEvent?(event: SweepEvent): void;
  /** The dry run the caller already made (and showed) for this request; made here when absent. */
  proposal?: SweepProposal;
  /** Default the Docker engine itself; unit tests answer the switch's probe without one. */
  engine?: SwitchEngine;
  /** How each variant is measured: executeRun by default (unit tests add scripted executors). */
  measure?: (ctx: RunContext) => Promise<RunFile>;
  /** Images the user typed on the command line: only these may name a loopback registry. */
  typedImages?: readonly string[];
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
  // A loopback registry only when typed (--image): the same rule as a run's (prepare-run.ts).
  const image = checkedBenchImage(request.image, ctx.env, options.typedImages);
  const toolsImage = checkedToolsImage(request.toolsImage, ctx.env, options.typedImages);
  const runId = newRunId();
  const runs: RunFile[] = [];
  const extraErrors: RunFile['errors'] = [];
  const outcomes: VariantOutcome[] = [];
  const secondPass: RunFile[] = [];
  const journal = await Journal.create(ctx.dataDir, `sweep ${provider.id}`, { home: ctx.home });
  // Settings to draw a verdict between: each first-pass run measures the control beside them. A
  // control of one sample has no spread, so it could bound nothing: not measured at `--runs 1`.
  const controlled = proposal.variants.length > 1 && (request.race === true || request.runs > 1);
  emit({ type: 'journal', file: journal.file });

  /** One variant: switch, verify, measure; a failure is recorded and the sweep goes on. */
  const measureVariant = async (
    proposed: SweepProposal['variants'][number],
    index: number,
    pass: 'first' | 'second',
  ): Promise<{ outcome: VariantOutcome; run?: RunFile; error?: RunFile['errors'][number] }> => {
    const variant = proposed.spec.id;
    const label = pass === 'first' ? proposed.spec.label : `${proposed.spec.label}, second pass`;
    const tag = pass === 'first' ? `${index}` : `r${index}`;
    const outcome: VariantOutcome = { variant, ok: false, fsType: null, reported: null };
    try {
      const switched = await switchVariant(provider, variant, live, journal, {
        owner: 'sweep',
        image,
        cacheDir: options.cacheDir,
        probeId: `${runId}-probe${tag}`,
        readyTimeoutMs: request.readyTimeoutMs,
        signal,
        onPhase: (phase) => emit({ type: 'variant', variant, label, phase }),
        onProgress: (message) => emit({ type: 'progress', message }),
        engine: options.engine,
      });
      outcome.fsType = switched.fsType;
      outcome.reported = switched.verdict.reported;
      if (!switched.verdict.ok)
        throw new MountbenchError(
          'WORKLOAD_FAILED',
          `${label}: ${(switched.verdict.message ?? 'verification failed').replace(/\.+$/, '')}; this variant was not measured`,
        );
      emit({ type: 'variant', variant, label, phase: 'measure' });
      await journal.step('sweep', 'apply', 'measure', variant);
      // The product's VM and share processes as this setting runs them: each sample's host cost.
      const engineServing = (await provider.servingProcesses?.(live).catch(() => [])) ?? [];
      const own = proposal.backends.filter((b) => b.variant === variant);
      const measured = await (options.measure ?? measureRun)({
        runId: `${runId}-${tag}`,
        request: {
          mounts: request.mounts,
          workloads: request.workloads,
          size: request.size,
          runs: request.runs,
          warmup: request.warmup,
          // The race rule, per setting: each setting's run races its own backends.
          ...(request.race ? { race: true } : {}),
          ...(request.maxRuns !== undefined ? { maxRuns: request.maxRuns } : {}),
          variants: [variant],
          ...(request.image ? { image: request.image } : {}),
          ...(request.toolsImage ? { toolsImage: request.toolsImage } : {}),
        },
        // The control beside the first pass's backends, when there are settings to compare.
        backends: controlled && pass === 'first' ? withControl(own) : own,
        docker: switched.resolved.docker,
        ...(engineServing.length ? { engineServing } : {}),
        engine: withDetectedVersion(engineInfoFrom(switched.resolved.engine), proposal.provider.version),
        image,
        toolsImage,
        machine: options.machine,
        appVersion: options.appVersion,
        allowHostCommands: false,
        cacheDir: options.cacheDir,
        // The sweep holds the change lock: its run's file shares are recorded in its journal.
        journal,
        env: ctx.env,
        signal,
        onEvent: (event) => emit({ type: 'run', variant, event }),
      });
      // The host baseline is a row of its own only when asked for, and then once: the first setting's.
      const run = controlled
        ? attachControl(measured, request.mounts.includes('host') && pass === 'first' && index === 0)
        : measured;
      outcome.ok = run.status === 'completed';
      emit({ type: 'variant', variant, label, phase: 'done' });
      return { outcome, run };
    } catch (err) {
      if (signal.aborted) return { outcome };
      const error = serializeError(err);
      outcome.message = error.message;
      emit({ type: 'variant', variant, label, phase: 'skipped', message: error.message });
      const message = pass === 'first' ? error.message : `second pass: ${error.message}`;
      return { outcome, error: { ...error, message, backendId: `${provider.id}/${variant}` } };
    }
  };

  try {
    // Originals first, durably, before the first change.
    await recordOriginals(provider, live, journal);
    for (const [index, proposed] of proposal.variants.entries()) {
      if (signal.aborted) break;
      const outcome = await measureVariant(proposed, index, 'first');
      outcomes.push(outcome.outcome);
      if (outcome.run) runs.push(outcome.run);
      if (outcome.error) extraErrors.push(outcome.error);
    }
    // C B A after A B C: the outcomes shown stay the first pass's; a failure here is an error.
    if (bracketed(request, proposal.variants.length)) {
      for (const [index, proposed] of [...proposal.variants.entries()].reverse()) {
        if (signal.aborted) break;
        const outcome = await measureVariant(proposed, index, 'second');
        if (outcome.run) secondPass.push(outcome.run);
        if (outcome.error) extraErrors.push(outcome.error);
      }
    }
  } catch (err) {
    if (!signal.aborted) extraErrors.push(serializeError(err));
  }

  emit({ type: 'restore', phase: 'started' });
  const restoreError = await putEverythingBack(provider, ctx, journal, 'sweep', 'completed');
  emit(
    restoreError
      ? { type: 'restore', phase: 'failed', message: restoreError }
      : { type: 'restore', phase: 'done' },
  );

  if (signal.aborted)
    extraErrors.push({
      name: 'MountbenchError',
      code: 'CANCELLED',
      message: 'the sweep was cancelled; settings were put back',
    });
  const checked = secondPass.length
    ? runs.map((r) => ({
        ...r,
        results: checkPasses(
          r.results,
          secondPass.flatMap((s) => s.results),
        ),
      }))
    : runs;
  const run =
    mergeRuns(runId, checked, [...secondPass.flatMap((s) => s.errors), ...extraErrors], signal.aborted) ??
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
