// The desktop app's worker entry as the app ships it: out/main/worker.js from main's build
// (electron.vite.config.ts), started by plain Node as a worker thread, answers as the summary
// worker and as the dataset check worker by the role it is given, with what the main thread would
// have answered, and starts nothing for any other role. No Electron is needed: the entry must not
// load it (a worker thread has none of Electron's modules).
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRunFile } from '../../src/core/store/result-store';
import { runFileJson } from '../../src/core/store/run-json';
import { summarizeRun } from '../../src/core/store/run-summary';
import { SUMMARY_WORKER_ROLE, type SummaryWorkerAnswer } from '../../src/core/store/summary-worker';
import { sampleRun } from '../../src/core/store/test-support/run-fixture';
import { DatasetChecker } from '../../src/core/team/dataset-checker';
import { answerJob } from '../../src/core/team/dataset-check-worker';
import { tempDir } from './support';

const ROOT = join(__dirname, '..', '..');
const TIMEOUT = 120_000;
const work = tempDir('worker-entry');
afterAll(() => work.remove());

/** out/main/worker.js, after `npm run build`'s own command if this checkout has none. */
function builtWorkerEntry(): string {
  const file = join(ROOT, 'out', 'main', 'worker.js');
  if (!existsSync(file)) {
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
      {
        cwd: ROOT,
        stdio: 'ignore',
      },
    );
  }
  return file;
}

/** Starts the entry with `workerData`: its first message, or its exit code when it sends none. */
async function firstAnswer(workerData: unknown): Promise<{ message: unknown } | { exit: number }> {
  const worker = new Worker(builtWorkerEntry(), { workerData });
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', (message: unknown) => resolve({ message }));
      worker.once('error', reject);
      worker.once('exit', (exit) => resolve({ exit }));
    });
  } finally {
    await worker.terminate();
  }
}

describe('out/main/worker.js (the desktop app worker entry)', () => {
  it('answers the summary role with the summary the main thread makes', { timeout: TIMEOUT }, async () => {
    const run = sampleRun({ id: 'worker-entry-run' });
    const file = join(work.path, 'run.json');
    writeFileSync(file, runFileJson(run));
    const answer = await firstAnswer({ role: SUMMARY_WORKER_ROLE, file, want: 'summary' });
    expect(answer).toHaveProperty('message');
    expect((answer as { message: SummaryWorkerAnswer }).message).toEqual({
      summary: summarizeRun(await loadRunFile(file)),
      threadId: expect.any(Number),
    });
    expect((answer as { message: SummaryWorkerAnswer }).message.threadId).toBeGreaterThan(0);
  });

  it('refuses a file as the main thread does, in the summary role', { timeout: TIMEOUT }, async () => {
    const file = join(work.path, 'not-json.json');
    writeFileSync(file, '{"schema": ');
    const inMain = await loadRunFile(file).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(inMain).not.toBeNull();
    const answer = await firstAnswer({ role: SUMMARY_WORKER_ROLE, file, want: 'summary' });
    expect((answer as { message: { message: string } }).message.message).toBe(inMain);
  });

  it('answers the dataset check role, through the checker that owns it', { timeout: TIMEOUT }, async () => {
    const checker = new DatasetChecker({ workers: 1, start: { script: builtWorkerEntry(), eval: false } });
    const place = { runId: 'r1', relative: 'machines/m-0123456789abcdef/r1.json' };
    const bytes = Buffer.from(runFileJson(sampleRun({ id: 'r1' })));
    const inMain = answerJob({ id: 0, bytes, ...place });
    expect(inMain).toHaveProperty('run');
    try {
      // The checker answers here while its worker starts, then hands files to it once it is online.
      const deadline = Date.now() + 60_000;
      let outcome = await checker.check(bytes, place);
      while (outcome.by !== 'worker' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        outcome = await checker.check(bytes, place);
      }
      expect(outcome).toEqual({ run: (inMain as { run: unknown }).run, by: 'worker' });
    } finally {
      await checker.close();
    }
  });

  it('starts nothing for a role it does not know', { timeout: TIMEOUT }, async () => {
    // Nothing listens, so the thread ends by itself; a hang here fails by the time-out.
    expect(await firstAnswer({ role: 'something-else' })).toEqual({ exit: 0 });
  });
});
