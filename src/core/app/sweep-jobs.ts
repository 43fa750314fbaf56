// The providers/sweeps half of the core API (core-api.ts holds runs and results): sweeps are jobs
// like runs (start returns at once, events stream to every listener, the merged result is saved
// before `sweep-done`), and "Apply this setting" is one call with its progress on the same stream.
// Only one thing that changes a product's settings or measures may happen at a time: a sweep, an
// apply and a run exclude each other with a clear error.
import { EventEmitter } from 'node:events';
import type { MountbenchApi } from '../../shared/api';
import { MountbenchError, serializeError } from '../../shared/errors';
import type { SweepEvent, SweepFinish } from '../../shared/sweep';
import { APP_VERSION } from '../app-version';
import { getMachineInfo } from '../machine';
import { providerContext } from '../providers/provider-context';
import type { ProviderContext } from '../providers/provider';
import { PROVIDERS, providerById } from '../providers/registry';
import { newRunId } from '../runner/prepare-run';
import { saveRun } from '../store';
import { applySetting, proposalView, proposeApply, proposeSweep, providerSummary, runSweep } from '../sweep';

export interface SweepJobsOptions {
  dataDir: string;
  resultsDir: string;
  cacheDir: string;
  env?: NodeJS.ProcessEnv;
  /** The ids of runs in progress: a sweep or an apply must not start under a run. */
  activeRuns(): string[];
  onBackgroundError?: (err: unknown) => void;
}

export type SweepJobs = Pick<MountbenchApi, 'providers' | 'sweeps'> & {
  /** What is changing settings now, for runs.start to refuse with; null when nothing is. */
  busyWith(): string | null;
  shutdown(): Promise<void>;
};

export function createSweepJobs(options: SweepJobsOptions): SweepJobs {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const sweeps = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let applying: { provider: string; controller: AbortController; done: Promise<unknown> } | null = null;
  const emit = (event: SweepEvent) => events.emit('event', event);
  // The journal lives in the same data folder as the results, whatever HOME says.
  const context = async (): Promise<ProviderContext> => ({
    ...(await providerContext({ env: options.env })),
    dataDir: options.dataDir,
  });

  const busyWith = (): string | null => {
    if (sweeps.size) return `a sweep (${[...sweeps.keys()][0]}) is in progress`;
    if (applying) return `a setting of ${applying.provider} is being applied`;
    return null;
  };
  const refuseIfBusy = (what: string) => {
    const busy =
      busyWith() ??
      (options.activeRuns().length ? `a run (${options.activeRuns()[0]}) is in progress` : null);
    if (busy) throw new MountbenchError('BAD_INPUT', `cannot ${what}: ${busy}; wait for it or cancel it`);
  };

  return {
    busyWith,
    providers: {
      async list() {
        const ctx = await context();
        return Promise.all(PROVIDERS.map((provider) => providerSummary(provider, ctx)));
      },
      async planApply(providerId, variant) {
        return proposeApply(providerById(providerId), variant, await context());
      },
      async apply(providerId, variant) {
        const provider = providerById(providerId);
        refuseIfBusy(`apply a setting of ${provider.label}`);
        const controller = new AbortController();
        const applyId = newRunId();
        const job = context().then((ctx) =>
          applySetting(provider, variant, ctx, {
            cacheDir: options.cacheDir,
            signal: controller.signal,
            onEvent: (phase, message) =>
              emit({ type: 'apply', sweepId: applyId, phase, ...(message ? { message } : {}) }),
          }),
        );
        applying = { provider: provider.label, controller, done: job };
        try {
          return await job;
        } finally {
          applying = null;
        }
      },
      async cancelApply() {
        const current = applying;
        if (!current) throw new MountbenchError('BAD_INPUT', 'no setting is being applied');
        current.controller.abort();
        // The apply puts the originals back before it settles; its caller hears how that went.
        await current.done.catch(() => undefined);
      },
    },
    sweeps: {
      async propose(request) {
        return proposalView(await proposeSweep(providerById(request.provider), request, await context()));
      },
      async start(request) {
        const provider = providerById(request.provider);
        refuseIfBusy(`start a sweep of ${provider.label}`);
        const ctx = await context();
        // Refusals (not installed, a bad settings file) reach the caller, before anything changes.
        const proposal = await proposeSweep(provider, request, ctx);
        if (proposal.blockers.length)
          throw new MountbenchError(
            'FILE_INVALID',
            `the sweep cannot start, nothing was changed:\n${proposal.blockers.join('\n')}`,
          );
        refuseIfBusy(`start a sweep of ${provider.label}`);
        const sweepId = newRunId();
        const controller = new AbortController();
        const machine = await getMachineInfo();
        const done = runSweep(provider, request, ctx, {
          machine,
          appVersion: APP_VERSION,
          cacheDir: options.cacheDir,
          signal: controller.signal,
          onEvent: (event) => emit({ sweepId, ...event }),
          proposal,
        })
          .then(async (outcome): Promise<SweepFinish> => {
            // Saved before `sweep-done`: a dashboard that opens it at once must find it stored.
            if (outcome.run) await saveRun(outcome.run, options.resultsDir);
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
              status: controller.signal.aborted ? 'cancelled' : 'failed',
              variants: [],
              runId: null,
              restored: true,
              error: serializeError(err),
            };
          })
          .then((finish) => {
            sweeps.delete(sweepId);
            emit({ type: 'sweep-done', sweepId, finish });
          });
        sweeps.set(sweepId, { controller, done });
        return { sweepId };
      },
      async cancel(sweepId) {
        const job = sweeps.get(sweepId);
        if (!job) throw new MountbenchError('BAD_INPUT', `no sweep ${sweepId} is in progress`);
        job.controller.abort();
        await job.done;
      },
      active: async () => [...sweeps.keys()],
      onEvent(listener, { signal }) {
        if (signal.aborted) return;
        events.on('event', listener);
        signal.addEventListener('abort', () => events.off('event', listener), { once: true });
      },
    },
    async shutdown() {
      for (const job of sweeps.values()) job.controller.abort();
      applying?.controller.abort();
      await Promise.all([...sweeps.values()].map((job) => job.done));
      await applying?.done.catch(() => undefined);
    },
  };
}
