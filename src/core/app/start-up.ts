// Start-up, written once for every front door that keeps a core running (the desktop app, `serve`):
// finish what a crash left first (another product's settings put back from the journal), then make
// the core, then remove what crashed runs left on the engine. Shutdown is the core's `shutdown()`:
// every job cancelled and cleaned up (settings put back) before the process ends.
import { dataDir } from '../store';
import { restoreOnAppStart } from '../sweep';
import { createCoreApi, type CoreApi, type CoreApiOptions } from './core-api';
import { leftoverLines } from './leftovers';

export interface StartCoreOptions extends Pick<
  CoreApiOptions,
  'transport' | 'env' | 'cacheDir' | 'pickFolder'
> {
  /** Default: MOUNTBENCH_DATA_DIR, else the platform's (one set of results for the app and the CLI). */
  dataDir?: string;
  /** Settings were put back after a crash: the user must hear it (a dialog, a line on stderr). */
  onRestored?(note: string): void;
  /** A line for the log: leftovers removed, a result that could not be saved. */
  log(line: string): void;
}

export interface StartedCore {
  api: CoreApi;
  /** Settles once the journal is restored and the leftovers are removed; never rejects. */
  ready: Promise<void>;
}

export function startCore(options: StartCoreOptions): StartedCore {
  const restored = restoreOnAppStart();
  const api = createCoreApi({
    transport: options.transport,
    dataDir: options.dataDir ?? dataDir(),
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.pickFolder ? { pickFolder: options.pickFolder } : {}),
    notices: restored.then((note) => (note ? [note] : [])),
    onBackgroundError: (problem) =>
      options.log(
        `a job could not finish its work: ${problem instanceof Error ? problem.message : String(problem)}`,
      ),
  });
  const ready = restored
    .then((note) => {
      if (note) options.onRestored?.(note);
      return api.removeLeftovers();
    })
    .then(
      (report) => leftoverLines(report).forEach((line) => options.log(line)),
      (problem: unknown) => options.log(`looking for leftovers failed: ${(problem as Error).message}`),
    );
  return { api, ready };
}
