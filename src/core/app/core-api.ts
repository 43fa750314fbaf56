// The MountbenchApi implemented on the core, for any transport (Electron IPC, the `serve`
// WebSocket). Runs, sweeps and applies are jobs of one registry (jobs.ts): start returns the id
// before the first event, events stream to every listener, cancel takes the id, and only one job
// runs at a time.
import { join } from 'node:path';
import type { MountbenchApi } from '../../shared/api';
import { MountbenchError } from '../../shared/errors';
import type { ProviderId } from '../../shared/ids';
import type { MachineInfo } from '../../shared/result-schema';
import { APP_VERSION } from '../app-version';
import { machineRatios, publishedRows, rowsFromRun } from '../compare';
import { discoverEngines, resolveEngine } from '../engines';
import { EXPORT_FILES, exportRun } from '../exports';
import { getMachineInfo } from '../machine';
import { providerContext } from '../providers/provider-context';
import type { ProviderContext } from '../providers/provider';
import { PROVIDERS, providerById } from '../providers/registry';
import { recommendPerMachine, resolveProfile } from '../recommend';
import { removeLeftovers, type LeftoverReport } from '../runner/leftovers';
import {
  cacheDir,
  deleteRun,
  importRunText,
  importHyperfineText,
  listRunSummaries,
  markImported,
  loadRunFile,
  resultsDir,
  saveRun,
} from '../store';
import { proposalView, proposeApply, proposeSweep, providerSummary } from '../sweep';
import { engineFsSeen } from '../sweep/engine-fs-seen';
import { mountAvailability } from '../sync/availability';
import { allWorkloads } from '../workloads/registry';
import { createProjectsApi } from '../project/projects-api';
import { workloadInfo } from '../workloads/workload-info';
import { createJobs } from './jobs';
import { startRunJob } from './run-job';
import { startApplyJob, startSweepJob, type SettingsJobOptions } from './settings-jobs';

export interface CoreApiOptions {
  dataDir: string;
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
  transport: 'ipc' | 'websocket';
  /** Called with a problem no listener can be told about (a result that could not be saved). */
  onBackgroundError?: (err: unknown) => void;
  /** Messages for the dashboard at start (the journal restore's report). */
  notices?: Promise<string[]>;
  /** The system folder dialog (the desktop app); absent in `serve`, where folders are typed. */
  pickFolder?: () => Promise<string | null>;
}

export interface CoreApi extends MountbenchApi {
  /** Removes what crashed runs left on the current engine and in the cache (app start). */
  removeLeftovers(): Promise<LeftoverReport>;
  /** Cancels every job and waits until each has cleaned up (quitting the app). */
  shutdown(): Promise<void>;
}

export function createCoreApi(options: CoreApiOptions): CoreApi {
  const jobs = createJobs({ onBackgroundError: options.onBackgroundError });
  const results = resultsDir(options.dataDir);
  const cache = options.cacheDir ?? cacheDir({ env: options.env });
  const save = (run: Parameters<typeof saveRun>[0]) => saveRun(run, results);
  const runFile = (runId: string) => loadRunFile(join(results, `${runId}.json`));
  const rowsOf = async (runIds: string[]) => (await Promise.all(runIds.map(runFile))).flatMap(rowsFromRun);
  // The hardware a listing is told apart from does not change while the process runs; probing it
  // for every results:list (on a Mac four processes, here /proc/cpuinfo) cost serve a third of its
  // time under load (bench/serve-load.ts).
  let machineHere: Promise<MachineInfo> | undefined;
  // The journal lives in the same data folder as the results, whatever HOME says.
  const context = async (): Promise<ProviderContext> => ({
    ...(await providerContext({ env: options.env })),
    dataDir: options.dataDir,
  });
  const projects = createProjectsApi({
    dataDir: options.dataDir,
    ...(options.env ? { env: options.env } : {}),
    ...(options.pickFolder ? { pickFolder: options.pickFolder } : {}),
  });
  const settingsJob: SettingsJobOptions = {
    cacheDir: cache,
    context,
    save,
    onBackgroundError: options.onBackgroundError,
  };

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
      list: async () => allWorkloads().map(workloadInfo),
    },
    mounts: {
      list: () => mountAvailability(options.env ?? process.env),
    },
    projects: projects.api,
    runs: {
      async start(request) {
        // The page names the folder: the same checks as inspecting it, and its real path is copied.
        if (request.custom?.folder)
          request = {
            ...request,
            custom: { ...request.custom, folder: await projects.checkRunFolder(request.custom.folder) },
          };
        const runId = await startRunJob(jobs, request, {
          cacheDir: cache,
          env: options.env,
          // Requests arrive from the dashboard: a custom command must not run on the host.
          allowHostCommands: false,
          save,
          onSaveError: options.onBackgroundError,
        });
        return { runId };
      },
      cancel: (runId) => jobs.cancel('run', runId),
      active: async () => jobs.active('run').map((job) => job.id),
      onEvent: (listener, { signal }) => jobs.on('run', listener, signal),
    },
    providers: {
      async list() {
        const ctx = await context();
        return Promise.all(PROVIDERS.map((provider) => providerSummary(provider, ctx)));
      },
      async planApply(providerId, variant) {
        return proposeApply(providerById(providerId), variant, await context());
      },
    },
    applies: {
      start: async (providerId, variant) => ({
        applyId: await startApplyJob(jobs, providerId, variant, settingsJob),
      }),
      cancel: (applyId) => jobs.cancel('apply', applyId),
      active: async () =>
        jobs.active('apply').map((job) => ({
          applyId: job.id,
          provider: job.detail['provider'] as ProviderId,
          variant: job.detail['variant'] ?? '',
        })),
      onEvent: (listener, { signal }) => jobs.on('apply', listener, signal),
    },
    sweeps: {
      async propose(request) {
        return proposalView(await proposeSweep(providerById(request.provider), request, await context()));
      },
      start: async (request) => ({ sweepId: await startSweepJob(jobs, request, settingsJob) }),
      cancel: (sweepId) => jobs.cancel('sweep', sweepId),
      active: async () => jobs.active('sweep').map((job) => job.id),
      onEvent: (listener, { signal }) => jobs.on('sweep', listener, signal),
    },
    results: {
      list: async () => {
        machineHere ??= getMachineInfo();
        const [listing, here] = await Promise.all([listRunSummaries(results), machineHere]);
        return markImported(listing.summaries, here);
      },
      get: runFile,
      async delete(runId) {
        if (jobs.has(runId))
          throw new MountbenchError('BUSY', `run ${runId} is still in progress: cancel it first`, {
            remedy: { kind: 'wait-or-cancel', job: 'run', id: runId },
          });
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
      async machineRatios(runIds, publishedMachineKeys) {
        const keys = new Set(publishedMachineKeys);
        const published = publishedRows().filter((r) => keys.has(r.machine.key));
        return machineRatios([...(await rowsOf(runIds)), ...published]);
      },
    },
    recommend: {
      async forRuns(runIds, profile, includePublished) {
        const chosen = resolveProfile(profile);
        const rows = [...(await rowsOf(runIds)), ...(includePublished ? publishedRows() : [])];
        return recommendPerMachine(rows, chosen);
      },
    },
    shutdown: () => jobs.shutdown(),
  };
}
