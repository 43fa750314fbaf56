// The MountbenchApi implemented on the core, for any transport (Electron IPC, the `serve`
// WebSocket). Runs, sweeps and applies are jobs of one registry (jobs.ts) behind one envelope
// (`jobs.start(request)`, shared/jobs.ts): start returns the id before the first event, events
// stream to every listener, cancel takes the id, and only one job runs at a time.
import { join } from 'node:path';
import type { MountbenchApi, RunSummary } from '../../shared/api';
import { MountbenchError } from '../../shared/errors';
import type { ProviderId } from '../../shared/ids';
import type { MachineInfo } from '../../shared/result-schema';
import type { ActiveJob } from '../../shared/jobs';
import type { RunRequest } from '../../shared/run-plan';
import { APP_VERSION } from '../app-version';
import { machineRatios, publishedRows, rowsFromRun } from '../compare';
import { discoverEngines } from '../engines';
import { EXPORT_FILES, exportRun } from '../exports';
import type { ProviderContext } from '../providers/provider';
import { PROVIDERS, providerById } from '../products/registry';
import { recommendPerMachine, resolveProfile } from '../recommend';
import {
  cacheDir,
  deleteRun,
  importRunText,
  importHyperfineText,
  listRunSummaries,
  markImported,
  loadRunFile,
  loadRunFileOffThread,
  resultsDir,
  saveRun,
  type SummaryListing,
} from '../store';
import { proposalView, proposeApply, proposeSweep, providerSummary } from '../sweep';
import { engineFsSeen } from '../sweep/engine-fs-seen';
import { mountAvailability } from '../sync/availability';
import { allWorkloads } from '../workloads/registry';
import { shareAnswer } from './shared-answer';
import { createProjectsApi } from '../project/projects-api';
import { workloadInfo } from '../workloads/workload-info';
import { viewTeam } from '../team/view-team';
import { createJobs, type RunningJob } from './jobs';
import { createTeamApi } from './team-api';
import { clearLeftovers, type LeftoverReport } from './leftovers';
import { productContext } from './products';
import { thisMachine } from './this-machine';
import { startRunSession, type RunSessionOptions } from './run-session';
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

/** A job as `jobs.active()` lists it: an apply says what it is switching to, for a reloaded page. */
function activeJob(job: RunningJob): ActiveJob {
  if (job.kind === 'apply')
    return {
      jobId: job.id,
      kind: 'apply',
      label: job.label,
      provider: job.detail['provider'] as ProviderId,
      variant: job.detail['variant'] ?? '',
    };
  return job.kind === 'run'
    ? { jobId: job.id, kind: 'run', label: job.label }
    : { jobId: job.id, kind: 'sweep', label: job.label };
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
  // Calls that arrive while a listing is computed share it (summary-index.ts) and all resume in
  // the same moment: marking it for each of them (a hash of the machine per run) held serve's
  // loop for up to 0.9 s with 6,400 calls waiting (bench/serve-load.ts --loop-probe). Once per
  // listing, the same answer for all.
  const markedListings = new WeakMap<SummaryListing, RunSummary[]>();
  // The journal lives in the same data folder as the results, whatever HOME says.
  const context = (): Promise<ProviderContext> =>
    productContext({ ...(options.env ? { env: options.env } : {}), dataDir: options.dataDir });
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
  const runSession: RunSessionOptions = {
    dataDir: options.dataDir,
    cacheDir: cache,
    env: options.env,
    // Requests arrive from the dashboard: a custom command must not run on the host.
    allowHostCommands: false,
    ...(options.onBackgroundError ? { onSaveError: options.onBackgroundError } : {}),
  };
  // The page names the folder: the same checks as inspecting it, and its real path is copied.
  const checkedRunRequest = async (request: RunRequest): Promise<RunRequest> =>
    request.custom?.folder
      ? {
          ...request,
          custom: { ...request.custom, folder: await projects.checkRunFolder(request.custom.folder) },
        }
      : request;

  return {
    async removeLeftovers() {
      return clearLeftovers({
        cacheDir: cache,
        ...(options.env ? { env: options.env } : {}),
        engineNeeded: 'if-reachable',
      });
    },
    app: {
      info: async () => ({
        version: APP_VERSION,
        machine: await thisMachine(),
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
      // The host's PATH decides which workloads needing tools the host baseline can run.
      list: async () => allWorkloads().map((w) => workloadInfo(w, options.env ?? process.env)),
    },
    mounts: {
      list: () => mountAvailability(options.env ?? process.env),
    },
    projects: projects.api,
    jobs: {
      async start(job) {
        switch (job.kind) {
          case 'run':
            return {
              jobId: (await startRunSession(jobs, await checkedRunRequest(job.request), runSession)).jobId,
            };
          case 'sweep':
            return { jobId: await startSweepJob(jobs, job.request, settingsJob) };
          case 'apply':
            return { jobId: await startApplyJob(jobs, job.provider, job.variant, settingsJob) };
        }
      },
      cancel: (jobId) => jobs.cancel(jobId),
      active: async () => jobs.active().map(activeJob),
      onEvent: (listener, { signal }) => jobs.on(listener, signal),
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
    sweeps: {
      async propose(request) {
        return proposalView(await proposeSweep(providerById(request.provider), request, await context()));
      },
    },
    results: {
      list: async () => {
        machineHere ??= thisMachine();
        const [listing, here] = await Promise.all([listRunSummaries(results), machineHere]);
        let answer = markedListings.get(listing);
        if (!answer) {
          // Every call waiting on this listing gets this same answer: frozen and marked shared.
          answer = shareAnswer(markImported(listing.summaries, here));
          markedListings.set(listing, answer);
        }
        return answer;
      },
      // A large run is parsed and checked in a worker, so serve keeps answering meanwhile.
      get: async (runId) => (await loadRunFileOffThread(join(results, `${runId}.json`))).run,
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
        const machine = await thisMachine();
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
    team: {
      ...createTeamApi({ dataDir: options.dataDir, cacheDir: cache, runFile }),
      async view(folder) {
        // "Machines like yours": this machine's chip, and the product of its newest own run.
        machineHere ??= thisMachine();
        const [listing, here] = await Promise.all([listRunSummaries(results), machineHere]);
        const own = markImported(listing.summaries, here)
          .filter((s) => !s.imported)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        const ownRun = own ? await runFile(own.id).catch(() => null) : null;
        return viewTeam(folder, {
          here: { machine: here, provider: ownRun?.engine?.provider ?? null },
          viewCache: { dataDir: options.dataDir, cacheDir: cache },
        });
      },
    },
    shutdown: () => jobs.shutdown(),
  };
}
