// A run as a job: planned and refused (bad request, busy: jobs.ts refuses) before start() answers,
// measured in the background, saved as soon as the last workload is measured (then `run-answered`
// leaves), cleaned up, stored again if the clean-up had errors, and then its `run-done` leaves.
import type { RunFile } from '../../shared/result-schema';
import type { RunRequest } from '../../shared/run-plan';
import { APP_VERSION } from '../app-version';
import { runVerdicts } from '../recommend/run-verdicts';
import { prepareRun, type PreparedRun } from '../runner/prepare-run';
import { executeRun } from '../runner/run';
import type { Jobs } from './jobs';
import { thisMachine } from './this-machine';

export interface RunJobOptions {
  cacheDir: string;
  /** Where a run's journal goes (its file shares); default: the data folder `env` names. */
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Only the CLI may run a custom command on the host; requests from a page never do. */
  allowHostCommands: boolean;
  /** Images the user typed on the command line (prepareRun: only these may name a loopback registry). */
  typedImages?: readonly string[];
  /** Stores the answered run, before the clean-up and `run-answered`. A failure goes to onSaveError. */
  save(run: RunFile): Promise<unknown>;
  onSaveError?(err: unknown): void;
  /**
   * Stores the run again, after the clean-up, where the clean-up added errors to the stored answer.
   * A failure goes to onSaveError. Without it the stored file lacks the clean-up's errors.
   */
  resave?(run: RunFile): Promise<unknown>;
  /** Cancels planning (finding a wedged engine), before the job has an id to cancel by. */
  signal?: AbortSignal;
  /** After planning, before the job starts: the CLI clears what a crashed run left on the engine. */
  beforeStart?(prepared: PreparedRun): Promise<void>;
}

export async function startRunJob(jobs: Jobs, request: RunRequest, options: RunJobOptions): Promise<string> {
  return jobs.start({
    kind: 'run',
    label: 'a run',
    async prepare() {
      const prepared = await prepareRun(request, {
        env: options.env,
        signal: options.signal,
        typedImages: options.typedImages,
      });
      await options.beforeStart?.(prepared);
      options.signal?.throwIfAborted();
      return { prepared, machine: await thisMachine() };
    },
    idOf: ({ prepared }) => prepared.runId,
    async body({ prepared, machine }, { signal, emit }) {
      const { docker, syncTools, ...measured } = prepared;
      const plan = {
        ...measured,
        machine,
        appVersion: APP_VERSION,
        allowHostCommands: options.allowHostCommands,
      };
      const services = {
        docker,
        syncTools,
        cacheDir: options.cacheDir,
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
        env: options.env,
        signal,
      };
      await executeRun(plan, services, {
        onEvent: emit,
        verdicts: runVerdicts,
        // Stored: `run-answered` may tell the page to open it by id. Not stored: the page waits
        // for `run-done`, which carries the run, and the clean-up still runs.
        beforeDone: (run) =>
          options.save(run).then(
            () => true,
            (err: unknown) => {
              options.onSaveError?.(err);
              return false;
            },
          ),
        afterCleanUp: async (run) => {
          await options.resave?.(run).catch((err: unknown) => options.onSaveError?.(err));
        },
      });
    },
  });
}
