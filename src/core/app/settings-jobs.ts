// Sweeps and applies as jobs: both change another product's settings, so both are refused up
// front (not installed, a bad settings file, the plain engine; busy: jobs.ts) before start()
// answers, and both put the settings back on cancel. The sweep measures every variant; the apply keeps one.
import type { ProviderId } from '../../shared/ids';
import { serializeError } from '../../shared/errors';
import { MountbenchError } from '../../shared/errors';
import type { RunFile } from '../../shared/result-schema';
import type { SweepFinish, SweepRequest } from '../../shared/sweep';
import { APP_VERSION } from '../app-version';
import { getMachineInfo } from '../machine';
import type { Provider, ProviderContext } from '../providers/provider';
import { providerById } from '../products/registry';
import { newRunId } from '../runner/prepare-run';
import { applySetting, proposeApply, proposeSweep, runSweep, type SweepProposal } from '../sweep';
import type { Jobs } from './jobs';

export interface SettingsJobOptions {
  cacheDir: string;
  context(): Promise<ProviderContext>;
  /** Stores the sweep's merged run; awaited before `sweep-done`. */
  save(run: RunFile): Promise<unknown>;
  onBackgroundError?(err: unknown): void;
  /**
   * Hears the sweep's dry run once it is made, before anything changes: the CLI's time left reads
   * it, so the sweep is planned once, not once by the caller and again by the job.
   */
  proposed?(proposal: SweepProposal): void;
  /** Images the user typed on the command line (the CLI's --image): a page never gives any. */
  typedImages?: readonly string[];
}

export async function startSweepJob(
  jobs: Jobs,
  request: SweepRequest,
  options: SettingsJobOptions,
  /** The product's provider; a unit test passes a fake of the Provider interface. */
  provider: Provider = providerById(request.provider),
) {
  return jobs.start({
    kind: 'sweep',
    label: `a sweep of ${provider.label}`,
    async prepare() {
      const ctx = await options.context();
      // Refusals (not installed, a bad settings file) reach the caller, before anything changes.
      const proposal = await proposeSweep(provider, request, ctx);
      if (proposal.blockers.length)
        throw new MountbenchError(
          'FILE_INVALID',
          `the sweep cannot start, nothing was changed:\n${proposal.blockers.join('\n')}`,
        );
      options.proposed?.(proposal);
      return { ctx, proposal, machine: await getMachineInfo(), sweepId: newRunId() };
    },
    idOf: ({ sweepId }) => sweepId,
    async body({ ctx, proposal, machine, sweepId }, { signal, emit }) {
      const finish = await runSweep(provider, request, ctx, {
        machine,
        appVersion: APP_VERSION,
        cacheDir: options.cacheDir,
        signal,
        onEvent: (event) => emit({ sweepId, ...event }),
        proposal,
        typedImages: options.typedImages,
      })
        .then(async (outcome): Promise<SweepFinish> => {
          // Saved before `sweep-done`: a dashboard that opens it at once must find it stored.
          if (outcome.run) await options.save(outcome.run);
          return {
            status: outcome.status,
            variants: outcome.variants,
            runId: outcome.run?.id ?? null,
            restored: outcome.restored,
            ...(outcome.restoreError ? { restoreError: outcome.restoreError } : {}),
          };
        })
        .catch((err: unknown): SweepFinish => {
          options.onBackgroundError?.(err);
          return {
            status: signal.aborted ? 'cancelled' : 'failed',
            variants: [],
            runId: null,
            restored: true,
            error: serializeError(err),
          };
        });
      emit({ type: 'sweep-done', sweepId, finish });
    },
  });
}

export async function startApplyJob(
  jobs: Jobs,
  providerId: ProviderId,
  variant: string,
  options: SettingsJobOptions & { image?: string; readyTimeoutMs?: number },
): Promise<string> {
  const provider = providerById(providerId);
  return jobs.start({
    kind: 'apply',
    label: `an apply of ${provider.label}`,
    what: `apply a setting of ${provider.label}`,
    detail: { provider: provider.id, variant },
    async prepare() {
      const ctx = await options.context();
      // The dry run refuses what cannot be applied (not installed, the plain engine, an unknown
      // variant) while the caller still waits for the answer.
      await proposeApply(provider, variant, ctx);
      return { ctx, applyId: newRunId() };
    },
    idOf: ({ applyId }) => applyId,
    async body({ ctx, applyId }, { signal, emit }) {
      try {
        const result = await applySetting(provider, variant, ctx, {
          cacheDir: options.cacheDir,
          ...(options.image ? { image: options.image } : {}),
          ...(options.readyTimeoutMs ? { readyTimeoutMs: options.readyTimeoutMs } : {}),
          signal,
          onEvent: (phase, message) =>
            emit(
              phase === 'progress'
                ? { type: 'progress', applyId, message: message ?? '' }
                : { type: 'apply', applyId, phase, ...(message ? { message } : {}) },
            ),
        });
        emit({ type: 'apply-done', applyId, result });
      } catch (err) {
        options.onBackgroundError?.(err);
        emit({ type: 'apply-done', applyId, result: null, error: serializeError(err) });
      }
    },
  });
}
