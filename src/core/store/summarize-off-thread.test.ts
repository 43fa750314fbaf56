// A large result file is summarised in a worker thread with every check the main thread makes:
// the same summary for a valid run, the same refusal (word for word) for each hostile file, and
// small files still read in the main thread. Real files, real workers: one started from the sources
// (through tsx, as `tsx src/cli` starts it), the rest from worker-entry.ts bundled once for this
// file, which loads in a fraction of the time (test-support/bundle-for-test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarize } from '../stats/summarize';
import { loadRunFile, MAX_RUN_FILE_BYTES } from './result-store';
import { summarizeRun } from './run-summary';
import { loadRunFileOffThread, OFF_THREAD_BYTES, summarizeRunFile } from './summarize-off-thread';
import { adversarialCases } from './test-support/hostile-json';
import { sampleRun, sampleWorkloadResult } from './test-support/run-fixture';
import { useBundledWorkerEntry, type Bundle } from '../test-support/bundle-for-test';

const WORKER_TIMEOUT = 120_000;
const dir = mkdtempSync(path.join(tmpdir(), 'mountbench-off-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): { file: string; size: number } {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return { file, size: Buffer.byteLength(text) };
}

/** What the main thread makes of the file: its summary, or the message it is refused with. */
async function inMainThread(file: string): Promise<{ summary: unknown } | { message: string }> {
  try {
    return { summary: summarizeRun(await loadRunFile(file)) };
  } catch (err) {
    return { message: (err as Error).message };
  }
}

async function offThread(file: string, size: number) {
  try {
    const { summary, threadId } = await summarizeRunFile(file, size);
    return { outcome: { summary }, threadId };
  } catch (err) {
    return { outcome: { message: (err as Error).message }, threadId: null };
  }
}

function largeRun(samples: number) {
  const values = Array.from({ length: samples }, (_, i) => 0.1 + (i % 5000) * 1.23456789e-7);
  const result = { ...sampleWorkloadResult(), stats: summarize(values) };
  return sampleRun({
    id: 'large-run',
    results: Array.from({ length: 3 }, (_, i) => ({
      ...result,
      backend: { ...result.backend, id: `docker-desktop/vz-virtiofs/bind-${i}`, label: `bind ${i}` },
    })),
  });
}

describe('a worker started from the sources', () => {
  it(
    'summarises a large run in another thread, the same summary the main thread makes',
    { timeout: WORKER_TIMEOUT },
    async () => {
      const run = largeRun(100_000);
      const { file, size } = write('large-run.json', JSON.stringify(run));
      expect(size).toBeGreaterThanOrEqual(OFF_THREAD_BYTES);
      const { summary, threadId } = await summarizeRunFile(file, size);
      expect(threadId).toBeGreaterThan(0);
      expect(summary).toEqual(summarizeRun(run));
    },
  );
});

describe('workers started from the bundled entry', () => {
  let entry: Bundle | undefined;
  beforeAll(() => {
    entry = useBundledWorkerEntry();
  });
  afterAll(() => entry?.remove());

  describe('summarizeRunFile', () => {
    it('reads a small run in the main thread', async () => {
      const run = sampleRun();
      const { file, size } = write('small-run.json', JSON.stringify(run));
      expect(size).toBeLessThan(OFF_THREAD_BYTES);
      expect(await summarizeRunFile(file, size)).toEqual({ summary: summarizeRun(run), threadId: 0 });
    });

    it(
      'refuses a file past the size cap in the worker as the main thread does',
      { timeout: WORKER_TIMEOUT },
      async () => {
        const { file } = write('too-large.json', ' '.repeat(MAX_RUN_FILE_BYTES + 1));
        const expected = await inMainThread(file);
        expect(expected).toEqual({ message: expect.stringMatching(/larger than 50\.0 MB are refused/) });
        // The stat said small, the file is not: the worker's own read enforces the cap.
        expect((await offThread(file, OFF_THREAD_BYTES)).outcome).toEqual(expected);
      },
    );

    describe('hostile files of 2 MB: the worker answers each as the main thread does', () => {
      const cases = adversarialCases(2 * 1024 * 1024).filter(
        (c) => Buffer.byteLength(c.text) >= OFF_THREAD_BYTES,
      );
      it('has cases large enough for the worker', () => expect(cases.length).toBeGreaterThanOrEqual(8));
      cases.forEach((c, n) => {
        it(c.name, { timeout: WORKER_TIMEOUT }, async () => {
          const { file, size } = write(`hostile-${n}.json`, c.text);
          const { outcome, threadId } = await offThread(file, size);
          expect(outcome).toEqual(await inMainThread(file));
          if ('summary' in outcome) expect(threadId).toBeGreaterThan(0);
        });
      });
    });
  });

  /** What loadRunFile makes of the file here: the run, or the message and code it is refused with. */
  async function runInMainThread(
    file: string,
  ): Promise<{ run: unknown } | { message: string; code: unknown }> {
    try {
      return { run: await loadRunFile(file) };
    } catch (err) {
      return { message: (err as Error).message, code: (err as { code?: unknown }).code };
    }
  }

  async function runOffThread(file: string) {
    try {
      const { run, threadId } = await loadRunFileOffThread(file);
      return { outcome: { run }, threadId };
    } catch (err) {
      return {
        outcome: { message: (err as Error).message, code: (err as { code?: unknown }).code },
        threadId: null,
      };
    }
  }

  describe('loadRunFileOffThread (results:get)', () => {
    it(
      'reads a large run in another thread: the same run loadRunFile reads here',
      { timeout: WORKER_TIMEOUT },
      async () => {
        const run = largeRun(100_000);
        const { file, size } = write('large-get.json', JSON.stringify(run));
        expect(size).toBeGreaterThanOrEqual(OFF_THREAD_BYTES);
        const { run: got, threadId } = await loadRunFileOffThread(file);
        expect(threadId).toBeGreaterThan(0);
        expect(got).toEqual(await loadRunFile(file));
      },
    );

    it('reads a small run here', async () => {
      const { file, size } = write('small-get.json', JSON.stringify(sampleRun()));
      expect(size).toBeLessThan(OFF_THREAD_BYTES);
      expect(await loadRunFileOffThread(file)).toEqual({ run: await loadRunFile(file), threadId: 0 });
    });

    it('refuses a missing run as loadRunFile does', async () => {
      const file = path.join(dir, 'no-such-run.json');
      const expected = await runInMainThread(file);
      expect(expected).toEqual({ message: expect.stringMatching(/no such file/), code: 'IO' });
      expect((await runOffThread(file)).outcome).toEqual(expected);
    });

    it(
      'refuses a file past the size cap in the worker, with the same message and code',
      { timeout: WORKER_TIMEOUT },
      async () => {
        const { file } = write('too-large-get.json', ' '.repeat(MAX_RUN_FILE_BYTES + 1));
        const expected = await runInMainThread(file);
        expect(expected).toEqual({
          message: expect.stringMatching(/larger than 50\.0 MB are refused/),
          code: 'FILE_INVALID',
        });
        const { outcome, threadId } = await runOffThread(file);
        expect(outcome).toEqual(expected);
        expect(threadId).toBeNull();
      },
    );

    describe('hostile files of 2 MB: the worker refuses each as loadRunFile does', () => {
      const cases = adversarialCases(2 * 1024 * 1024).filter(
        (c) => Buffer.byteLength(c.text) >= OFF_THREAD_BYTES,
      );
      it('has cases large enough for the worker', () => expect(cases.length).toBeGreaterThanOrEqual(8));
      cases.forEach((c, n) => {
        it(c.name, { timeout: WORKER_TIMEOUT }, async () => {
          const { file } = write(`hostile-get-${n}.json`, c.text);
          const { outcome, threadId } = await runOffThread(file);
          expect(outcome).toEqual(await runInMainThread(file));
          if ('run' in outcome) expect(threadId).toBeGreaterThan(0);
        });
      });
    });
  });
});
