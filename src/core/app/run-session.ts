// A run from any front door, kept as the dashboard keeps it: stored in the results folder as soon
// as the last workload is measured (then `run-answered` leaves), stored again once the clean-up
// has added its errors, and, when asked, a copy written beside it (the CLI's --json) each time.
// The front door hears of each store with the path, and may ask afterwards what a cancelled run
// left behind: it never holds the run to save it itself.
import type { RunFile } from '../../shared/result-schema';
import type { RunRequest } from '../../shared/run-plan';
import { runFileJson } from '../exports';
import { removeLeftovers, type LeftoverReport } from '../runner/leftovers';
import type { PreparedRun } from '../runner/prepare-run';
import { whatRunLeft } from '../runner/run-left';
import { resultsDir, saveRun, writeFileAtomic } from '../store';
import type { Jobs } from './jobs';
import { startRunJob } from './run-job';

export interface RunSessionOptions {
  dataDir: string;
  cacheDir: string;
  env?: NodeJS.ProcessEnv;
  /** Only the CLI may run a custom command on the host; requests from a page never do. */
  allowHostCommands: boolean;
  /** Images the user typed (prepareRun: only these may name a loopback registry). */
  typedImages?: readonly string[];
  /** Cancels planning and the clearing of old leftovers, before the job has an id. */
  signal?: AbortSignal;
  /** A copy of the stored run written here too (atomically), each time it is stored. */
  alsoWriteTo?: string;
  /**
   * Clears what crashed earlier runs left on the run's engine before it starts (they would skew
   * it and pile up), and says what went. The dashboard clears them once, when the app starts.
   */
  onLeftoversCleared?(report: LeftoverReport): void;
  /** At the answer, once stored (the path), before the clean-up. A throw holds `run-answered` back. */
  onStored?(run: RunFile, path: string): Promise<void>;
  /** After the clean-up, when it added errors and the run was stored again with them. */
  onStoredAgain?(run: RunFile, path: string): void;
  /** A store that failed; the run's job goes on (its clean-up must not be cut short). */
  onSaveError?(err: unknown, when: 'answer' | 'after-clean-up'): void;
}

export interface RunSession {
  jobId: string;
  /** What the run still has on the engine and on disk, looked at (after a cancel). */
  whatIsLeft(runId: string): Promise<string[]>;
}

export async function startRunSession(
  jobs: Jobs,
  request: RunRequest,
  options: RunSessionOptions,
): Promise<RunSession> {
  let docker: PreparedRun['docker'] = null;
  const store = async (run: RunFile): Promise<string> => {
    const path = await saveRun(run, resultsDir(options.dataDir));
    if (options.alsoWriteTo) await writeFileAtomic(options.alsoWriteTo, runFileJson(run));
    return path;
  };
  const jobId = await startRunJob(jobs, request, {
    cacheDir: options.cacheDir,
    // A run's file shares are journaled beside the sweeps' journals, which restore reads.
    dataDir: options.dataDir,
    env: options.env,
    allowHostCommands: options.allowHostCommands,
    ...(options.typedImages ? { typedImages: options.typedImages } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    beforeStart: async (prepared) => {
      docker = prepared.docker;
      const clear = options.onLeftoversCleared;
      if (!clear) return;
      clear(
        await removeLeftovers(prepared.docker, options.cacheDir, options.env ?? process.env, {
          askMutagen: 'after-crash',
          ...(options.signal ? { signal: options.signal } : {}),
        }),
      );
    },
    save: async (run) => {
      const path = await store(run).catch((err: unknown) => {
        options.onSaveError?.(err, 'answer');
        throw err;
      });
      await options.onStored?.(run, path);
    },
    resave: async (run) => {
      const path = await store(run).catch((err: unknown) => {
        options.onSaveError?.(err, 'after-clean-up');
        throw err;
      });
      options.onStoredAgain?.(run, path);
    },
  });
  return { jobId, whatIsLeft: (runId) => whatRunLeft(docker, options.cacheDir, runId) };
}
