// The MountbenchApi implemented on the core, for any transport (Electron IPC, the `serve`
// WebSocket). Runs are jobs: `start` returns at once, events stream to every listener, results
// are saved when a run ends, and `cancel` aborts the job's signal. Providers and sweeps are in
// sweep-jobs.ts; a run, a sweep and an apply never overlap.
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import type { MountbenchApi, WorkloadInfo } from '../../shared/api';
import { MountbenchError } from '../../shared/errors';
import { MOUNT_KINDS } from '../../shared/ids';
import type { RunEvent } from '../../shared/run-events';
import { APP_VERSION } from '../app-version';
import { publishedRows, rowsFromRun } from '../compare';
import { discoverEngines, resolveEngine } from '../engines';
import { EXPORT_FILES, exportRun } from '../exports';
import { getMachineInfo } from '../machine';
import { recommendPerMachine, resolveProfile } from '../recommend';
import { removeLeftovers, type LeftoverReport } from '../runner/leftovers';
import { prepareRun } from '../runner/prepare-run';
import { executeRun } from '../runner/run';
import {
  cacheDir,
  deleteRun,
  importRunText,
  importHyperfineText,
  listRunSummaries,
  loadRunFile,
  resultsDir,
  saveRun,
} from '../store';
import { createSweepJobs } from './sweep-jobs';
import { engineFsSeen } from '../sweep/engine-fs-seen';
import { allWorkloads } from '../workloads/registry';
import { mountAvailability } from '../sync/availability';

export interface CoreApiOptions {
  dataDir: string;
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
  transport: 'ipc' | 'websocket';
  /** Called with a problem no listener can be told about (a result that could not be saved). */
  onBackgroundError?: (err: unknown) => void;
  /** Messages for the dashboard at start (the journal restore's report). */
  notices?: Promise<string[]>;
}

export interface CoreApi extends MountbenchApi {
  /** Removes what crashed runs left on the current engine and in the cache (app start). */
  removeLeftovers(): Promise<LeftoverReport>;
  /** Cancels every run and waits until each has cleaned up (quitting the app). */
  shutdown(): Promise<void>;
}

function workloadInfo(): WorkloadInfo[] {
  return allWorkloads().map((w) => ({
    id: w.id,
    title: w.title,
    description: w.description,
    sizes: w.sizes,
    unsupported: Object.fromEntries(
      MOUNT_KINDS.flatMap((mount) => {
        const reason = w.unsupportedOn?.(mount);
        return reason ? [[mount, reason]] : [];
      }),
    ),
  }));
}

export function createCoreApi(options: CoreApiOptions): CoreApi {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const jobs = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const results = resultsDir(options.dataDir);
  const cache = options.cacheDir ?? cacheDir({ env: options.env });
  const emit = (event: RunEvent) => events.emit('event', event);
  const runFile = (runId: string) => loadRunFile(join(results, `${runId}.json`));
  const rowsOf = async (runIds: string[]) => (await Promise.all(runIds.map(runFile))).flatMap(rowsFromRun);
  const sweepJobs = createSweepJobs({
    dataDir: options.dataDir,
    resultsDir: results,
    cacheDir: cache,
    env: options.env,
    activeRuns: () => [...jobs.keys()],
    onBackgroundError: options.onBackgroundError,
  });

  return {
    async removeLeftovers() {
      const engine = await resolveEngine(undefined, { env: options.env }).catch(() => null);
      return removeLeftovers(engine?.docker ?? null, cache, options.env, { askMutagen: 'after-crash' });
    },
    app: {
      info: async () => ({
        version: APP_VERSION,
        machine: await getMachineInfo(),
        transport: options.transport,
        resultsDir: results,
        notices: (await options.notices) ?? [],
      }),
    },
    engines: {
      list: () => discoverEngines({ env: options.env }),
      fsSeen: (engineName) => engineFsSeen(engineName, { env: options.env ?? process.env, cacheDir: cache }),
    },
    workloads: {
      list: async () => workloadInfo(),
    },
    mounts: {
      list: () => mountAvailability(options.env ?? process.env),
    },
    runs: {
      async start(request) {
        const busy = sweepJobs.busyWith();
        if (busy)
          throw new MountbenchError('BAD_INPUT', `cannot start a run: ${busy}; wait for it or cancel it`);
        const prepared = await prepareRun(request, { env: options.env });
        const controller = new AbortController();
        const machine = await getMachineInfo();
        // `run-done` is held back until the result is saved: a dashboard that opens the run the
        // moment it hears of it must find it stored.
        let finished: RunEvent | null = null;
        const done = executeRun({
          ...prepared,
          machine,
          appVersion: APP_VERSION,
          // Requests arrive from the dashboard: a custom command must not run on the host.
          allowHostCommands: false,
          cacheDir: cache,
          env: options.env,
          signal: controller.signal,
          onEvent: (event) => (event.type === 'run-done' ? (finished = event) : emit(event)),
        })
          .then((run) => saveRun(run, results))
          .then(
            () => undefined,
            (err: unknown) => options.onBackgroundError?.(err),
          )
          .finally(() => {
            jobs.delete(prepared.runId);
            if (finished) emit(finished);
          });
        jobs.set(prepared.runId, { controller, done });
        return { runId: prepared.runId };
      },
      async cancel(runId) {
        const job = jobs.get(runId);
        if (!job) throw new MountbenchError('BAD_INPUT', `no run ${runId} is in progress`);
        job.controller.abort();
        await job.done;
      },
      active: async () => [...jobs.keys()],
      onEvent(listener, { signal }) {
        if (signal.aborted) return;
        events.on('event', listener);
        signal.addEventListener('abort', () => events.off('event', listener), { once: true });
      },
    },
    providers: sweepJobs.providers,
    sweeps: sweepJobs.sweeps,
    results: {
      list: async () => (await listRunSummaries(results)).summaries,
      get: runFile,
      async delete(runId) {
        if (jobs.has(runId))
          throw new MountbenchError('BAD_INPUT', `run ${runId} is still in progress: cancel it first`);
        await deleteRun(results, runId);
      },
      async import(fileName, text) {
        const outcome = await importRunText(text, fileName, results);
        return { id: outcome.id, status: outcome.status };
      },
      async importHyperfine(file, text, details) {
        const machine = await getMachineInfo();
        const { machineLabel, result, ...rest } = details;
        const outcome = await importHyperfineText(
          text,
          file,
          {
            ...rest,
            backendLabel: details.backendLabel,
            provider: null,
            variant: null,
            cache: 'warm',
            machine: machineLabel ? { ...machine, label: machineLabel } : machine,
            ...(result === null ? {} : { result }),
          },
          results,
        );
        return { id: outcome.id, status: outcome.status };
      },
      async export(runId, format) {
        const run = await runFile(runId);
        const { suffix, mimeType } = EXPORT_FILES[format];
        return { fileName: `mountbench-${run.id}${suffix}`, mimeType, text: exportRun(run, format) };
      },
      published: async () => publishedRows(),
      rows: rowsOf,
    },
    recommend: {
      async forRuns(runIds, profile, includePublished) {
        const chosen = resolveProfile(profile);
        const rows = [...(await rowsOf(runIds)), ...(includePublished ? publishedRows() : [])];
        return recommendPerMachine(rows, chosen);
      },
    },
    async shutdown() {
      for (const job of jobs.values()) job.controller.abort();
      await Promise.all([...jobs.values()].map((job) => job.done));
      await sweepJobs.shutdown();
    },
  };
}
