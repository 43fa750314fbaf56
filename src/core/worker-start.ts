// How this build starts one of the core's worker threads (a large result file's summary, a team
// dataset's checks). Three builds, three answers: from the sources (tsx, vitest) the worker is its
// own .ts module loaded through tsx; in the CLI bundle it is the bundle itself, whose entry runs no
// command outside the main thread; in the desktop app it is main's `worker` entry (out/main/worker.js,
// electron.vite.config.ts), which main names here at start-up, since main's own bundle starts the
// app when loaded. Without that entry (an Electron build that did not register one) there is no
// worker and callers do the work in the main thread, as before. A named entry wins in any build:
// the unit tests name one bundled from worker-entry.ts (test-support/bundle-for-test.ts), since
// each worker started through tsx compiles the core again, seconds apiece.
import { createRequire } from 'node:module';

export type WorkerStart = { script: string; eval: boolean };

let namedEntry: string | null = null;

/**
 * The built file that answers as every core worker (src/core/worker-entry.ts): the desktop app's,
 * or a test's bundle; null forgets it.
 */
export function setWorkerEntry(file: string | null): void {
  namedEntry = file;
}

/**
 * How to start the worker whose source module is `sourceModule` (an absolute .ts path), or null
 * when this build cannot start one.
 */
export function workerStart(sourceModule: string): WorkerStart | null {
  if (namedEntry) return { script: namedEntry, eval: false };
  if (process.versions.electron) return null;
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
