// The dataset checker gives the main thread's answer whoever checks: real worker threads, a valid
// run and hostile files refused with the same words, and a worker killed mid-read, one that never
// answers, or one that cannot start, each ending in the right answer for every file, never a hang.
import { describe, expect, it } from 'vitest';
import { runFileJson } from '../store/run-json';
import { sampleRun } from '../store/test-support/run-fixture';
import { DatasetChecker, defaultWorkerCount, type CheckOutcome } from './dataset-checker';
import { answerJob } from './dataset-check-worker';

const TIMEOUT = 120_000;
const place = (runId: string) => ({ runId, relative: `machines/m-0123456789abcdef/${runId}.json` });
const files = [
  { bytes: Buffer.from(runFileJson(sampleRun({ id: 'r1' }))), ...place('r1') },
  { bytes: Buffer.from(runFileJson(sampleRun({ id: 'r2' }))), ...place('other') },
  { bytes: Buffer.from('{"schema": '), ...place('r3') },
  { bytes: Buffer.from([0xff, 0xfe, 0x00]), ...place('r4') },
  { bytes: Buffer.from('['.repeat(100_000)), ...place('r5') },
];
const expected = files.map((f) => {
  const answer = answerJob({ id: 0, bytes: f.bytes, runId: f.runId, relative: f.relative });
  return 'run' in answer ? { run: answer.run } : { refused: answer.refused };
});
const strip = (o: CheckOutcome) => ('run' in o ? { run: o.run } : { refused: o.refused });

async function checkAll(checker: DatasetChecker, rounds: number): Promise<CheckOutcome[]> {
  const all: Promise<CheckOutcome>[] = [];
  for (let i = 0; i < rounds; i++) for (const f of files) all.push(checker.check(f.bytes, f));
  return Promise.all(all);
}

function expectRight(outcomes: CheckOutcome[]): void {
  outcomes.forEach((o, i) => expect(strip(o)).toEqual(expected[i % files.length]));
}

describe('DatasetChecker', () => {
  it('uses no worker below 4 cores, where one measured slower than none; then one fewer than the cores, at most 4', () => {
    expect([1, 2, 3, 4, 8, 12].map((cores) => defaultWorkerCount(cores))).toEqual([0, 0, 0, 3, 4, 4]);
  });

  it('the refusals it checks against are real ones', () => {
    expect(expected[0]).toHaveProperty('run');
    for (const e of expected.slice(1)) expect(e).toHaveProperty('refused');
    expect(expected[1]).toEqual({ refused: 'it holds run r2, but its file name says other' });
  });

  it('answers as the main thread does, from a worker', { timeout: TIMEOUT }, async () => {
    const checker = new DatasetChecker({ workers: 1 });
    try {
      checker.check(files[0].bytes, files[0]);
      // Wait for the worker to be online, then every file goes to it while it has room.
      const deadline = Date.now() + 60_000;
      let outcomes: CheckOutcome[] = [];
      while (Date.now() < deadline) {
        outcomes = await checkAll(checker, 1);
        if (outcomes.some((o) => o.by === 'worker')) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(outcomes.some((o) => o.by === 'worker')).toBe(true);
      expectRight(outcomes);
      // The caller's bytes are its own still (the worker got a copy).
      expect(files[0].bytes.length).toBeGreaterThan(0);
    } finally {
      await checker.close();
    }
  });

  it('a worker killed mid-read: its files are checked here, all right', { timeout: TIMEOUT }, async () => {
    const checker = new DatasetChecker({ workers: 1, perWorker: 1000 });
    try {
      checker.check(files[0].bytes, files[0]);
      const deadline = Date.now() + 60_000;
      while (checker.workers.length > 0 && Date.now() < deadline) {
        const pending = checkAll(checker, 20);
        const [worker] = checker.workers;
        if (worker && (await checkAll(checker, 1)).some((o) => o.by === 'worker')) {
          const more = checkAll(checker, 50);
          await worker.terminate();
          expectRight(await more);
          expectRight(await pending);
          expect(checker.workers).toHaveLength(0);
          return;
        }
        expectRight(await pending);
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the worker never came online');
    } finally {
      await checker.close();
    }
  });

  it('a worker that never answers is ended at the time limit', { timeout: TIMEOUT }, async () => {
    const silent = { script: 'setInterval(() => {}, 1000)', eval: true };
    const checker = new DatasetChecker({ workers: 1, jobTimeoutMs: 200, start: silent });
    try {
      const deadline = Date.now() + 60_000;
      let outcomes: CheckOutcome[] = [];
      // Until the silent worker is online and has held (and timed out on) some files.
      while (Date.now() < deadline && checker.workers.length > 0) {
        outcomes = await checkAll(checker, 2);
        expectRight(outcomes);
      }
      expect(checker.workers).toHaveLength(0);
      expect(outcomes.every((o) => o.by === 'main')).toBe(true);
    } finally {
      await checker.close();
    }
  });

  it('a worker that cannot start leaves every file to this thread', { timeout: TIMEOUT }, async () => {
    const broken = { script: 'throw new Error("no")', eval: true };
    const checker = new DatasetChecker({ workers: 2, start: broken });
    try {
      expectRight(await checkAll(checker, 3));
      await new Promise((r) => setTimeout(r, 500));
      const later = await checkAll(checker, 2);
      expectRight(later);
      expect(later.every((o) => o.by === 'main')).toBe(true);
    } finally {
      await checker.close();
    }
  });
});
