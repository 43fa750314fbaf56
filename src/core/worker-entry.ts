// The desktop app's one worker entry (out/main/worker.js, a second input of main's build in
// electron.vite.config.ts). Main's own bundle starts the app when it is loaded, so it cannot be
// started again as a worker the way the CLI bundle is; main names this file instead
// (setWorkerEntry in worker-start.ts). A thread started here answers as the worker its
// workerData.role names, a run file's summary or a team dataset's checks, and does nothing for
// any other role. It imports nothing of Electron, so plain Node can start it: its test does
// (test/integration/worker-entry.test.ts).
//
// Each module answers when it loads, for its own role only (the CLI bundle relies on the same):
// imported for that, not called again, which would answer a job twice.
import './store/summary-worker';
import './team/dataset-check-worker';
