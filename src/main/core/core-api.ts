// The MountbenchApi implemented on the core, for any transport (Electron IPC, the `serve`
// WebSocket). Runs are jobs: `start` returns at once, events stream to every listener, results
// are saved when a run ends, and `cancel` aborts the job's signal.
import { EventEmitter } from 'node:events';
import type { MountbenchApi } from '../../shared/api';
import { MountbenchError } from '../../shared/errors';
import type { RunEvent } from '../../shared/run-events';
import { APP_VERSION } from './app-version';
import { discoverEngines, resolveEngine } from './engines';
import { getMachineInfo } from './machine';
import { prepareRun } from './runner/prepare-run';
import { removeLeftovers, type LeftoverReport } from './runner/leftovers';
import { executeRun } from './runner/run';
import { cacheDir, listRuns, resultsDir, saveRun } from './store';

export interface CoreApiOptions {
  dataDir: string;
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Called with a problem no listener can be told about (a result that could not be saved). */
  onBackgroundError?: (err: unknown) => void;
}

export interface CoreApi extends MountbenchApi {
  /** Removes what crashed runs left on the current engine and in the cache (app start). */
  removeLeftovers(): Promise<LeftoverReport>;
  /** Cancels every run and waits until each has cleaned up (quitting the app). */
  shutdown(): Promise<void>;
}

export function createCoreApi(options: CoreApiOptions): CoreApi {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const jobs = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const results = resultsDir(options.dataDir);
  const emit = (event: RunEvent) => events.emit('event', event);

  const cache = options.cacheDir ?? cacheDir({ env: options.env });
  return {
    async removeLeftovers() {
      const engine = await resolveEngine(undefined, { env: options.env }).catch(() => null);
      return removeLeftovers(engine?.docker ?? null, cache);
    },
    engines: {
      list: () => discoverEngines({ env: options.env }),
    },
    runs: {
      async start(request) {
        const prepared = await prepareRun(request, { env: options.env });
        const controller = new AbortController();
        const machine = await getMachineInfo();
        const done = executeRun({
          ...prepared,
          machine,
          appVersion: APP_VERSION,
          // Requests arrive from the dashboard: a custom command must not run on the host.
          allowHostCommands: false,
          cacheDir: cache,
          signal: controller.signal,
          onEvent: emit,
        })
          .then((run) => saveRun(run, results))
          .then(
            () => undefined,
            (err: unknown) => options.onBackgroundError?.(err),
          )
          .finally(() => jobs.delete(prepared.runId));
        jobs.set(prepared.runId, { controller, done });
        return { runId: prepared.runId };
      },
      async cancel(runId) {
        const job = jobs.get(runId);
        if (!job) throw new MountbenchError('BAD_INPUT', `no run ${runId} is in progress`);
        job.controller.abort();
        await job.done;
      },
      onEvent(listener, { signal }) {
        if (signal.aborted) return;
        events.on('event', listener);
        signal.addEventListener('abort', () => events.off('event', listener), { once: true });
      },
    },
    results: {
      list: async () => (await listRuns(results)).runs,
    },
    async shutdown() {
      for (const job of jobs.values()) job.controller.abort();
      await Promise.all([...jobs.values()].map((job) => job.done));
    },
  };
}
