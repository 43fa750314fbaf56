// How this build starts one of the core's worker threads (a large result file's summary, a team
// dataset's checks). Three builds, three answers: from the sources (tsx, vitest) the worker is its
// own .ts module loaded through tsx; in the CLI bundle it is the bundle itself, whose entry runs no
// command outside the main thread; in the desktop app it would be a worker entry main names here at
// start-up (main's own bundle starts the app when loaded), but no such entry is built or registered
// yet, so there is no worker in the desktop app and callers do the work in the main thread.
import { createRequire } from 'node:module';

export type WorkerStart = { script: string; eval: boolean };

let electronEntry: string | null = null;

/** Desktop app only: the built file that would answer as every core worker (none is registered yet). */
export function setWorkerEntry(file: string): void {
  electronEntry = file;
}

/**
 * How to start the worker whose source module is `sourceModule` (an absolute .ts path), or null
 * when this build cannot start one.
 */
export function workerStart(sourceModule: string): WorkerStart | null {
  if (process.versions.electron) return electronEntry ? { script: electronEntry, eval: false } : null;
  if (__filename.endsWith('.ts')) {
    const tsx = createRequire(__filename).resolve('tsx/cjs');
    return {
      script: `require(${JSON.stringify(tsx)}); require(${JSON.stringify(sourceModule)});`,
      eval: true,
    };
  }
  // The CLI bundle: this module is inside it, and so is every worker module.
  return { script: __filename, eval: false };
}
