import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendExecutor } from './executor';
import { HostExecutor } from './host-executor';
import { calibrateOnce, timeOnce } from './time-sample';

/** A real host executor whose shell runs are counted. */
function counted(
  executor: HostExecutor,
  calibrationKey?: string,
): { executor: BackendExecutor; runs: () => number } {
  let runs = 0;
  const proxy: BackendExecutor = Object.create(executor);
  // As a container executor says it: the run, the image and the clock.
  if (calibrationKey !== undefined) Object.defineProperty(proxy, 'calibrationKey', { value: calibrationKey });
  proxy.run = (script, signal) => {
    runs += 1;
    return executor.run(script, signal);
  };
  return { executor: proxy, runs: () => runs };
}

describe('calibrateOnce', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('measures the clock once per executor: a later workload reuses the figure', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mb-calibrate-'));
    const { executor, runs } = counted(new HostExecutor(dir));
    const signal = new AbortController().signal;
    const first = await calibrateOnce(executor, dir, signal);
    const afterFirst = runs();
    const second = await calibrateOnce(executor, dir, signal);
    expect(afterFirst).toBe(8);
    expect(runs()).toBe(afterFirst);
    expect(second).toBe(first);
    expect(first).toBeGreaterThanOrEqual(0);
  });

  it('calibrates each executor apart, and forgets a failed calibration', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mb-calibrate-'));
    const a = counted(new HostExecutor(dir));
    const b = counted(new HostExecutor(dir));
    const signal = new AbortController().signal;
    await calibrateOnce(a.executor, dir, signal);
    await calibrateOnce(b.executor, dir, signal);
    expect(b.runs()).toBe(8);

    const c = counted(new HostExecutor(dir));
    await expect(calibrateOnce(c.executor, join(dir, 'missing'), signal)).rejects.toThrow();
    await expect(calibrateOnce(c.executor, dir, signal)).resolves.toBeGreaterThanOrEqual(0);
  });
});

describe('calibrate on a busy machine', () => {
  it('subtracts the least of the clock reads: a moment of load during calibration never zeroes a sample', async () => {
    // A scripted executor: no clock of its own, so each run's time is its two host markers. Five of
    // the eight calibration reads land while the machine is busy (40 ms late), as under a full check.
    const reads = [0.04, 0.0004, 0.04, 0.04, 0.0005, 0.04, 0.0004, 0.04, 0.003];
    const executor = {
      clock: null,
      run: async () => {
        const seconds = reads.shift()!;
        return { stdout: 'MB_RC 0\n', stderr: '', exitCode: 0, markers: [10, 10 + seconds] };
      },
    } as unknown as BackendExecutor;
    const signal = new AbortController().signal;
    const overhead = await calibrateOnce(executor, '/w', signal);
    expect(overhead).toBeCloseTo(0.0004, 6);
    // A 2.6 ms workload read with the clock's cost is still 2.6 ms, not 0.
    const sample = await timeOnce(executor, '/w', 'true', undefined, signal);
    expect(sample.seconds - overhead).toBeCloseTo(0.0026, 6);
  });
});

describe('calibrateOnce across executors of one key (one engine, image and clock)', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('calibrates the first of a key only; another key and a keyless executor calibrate their own', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mb-calibrate-key-'));
    const signal = new AbortController().signal;
    const key = `run-${Math.random()}\nimage\nadjtimex`;
    const first = counted(new HostExecutor(dir), key);
    const second = counted(new HostExecutor(dir), key);
    const otherImage = counted(new HostExecutor(dir), `${key}-other-image`);
    const keyless = counted(new HostExecutor(dir));
    const figure = await calibrateOnce(first.executor, dir, signal);
    expect(first.runs()).toBe(8);
    await expect(calibrateOnce(second.executor, dir, signal)).resolves.toBe(figure);
    expect(second.runs()).toBe(0);
    await calibrateOnce(otherImage.executor, dir, signal);
    expect(otherImage.runs()).toBe(8);
    await calibrateOnce(keyless.executor, dir, signal);
    expect(keyless.runs()).toBe(8);
  });

  it('forgets a failed calibration of a key: the next executor of that key measures again', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mb-calibrate-key-'));
    const signal = new AbortController().signal;
    const key = `run-${Math.random()}\nimage\nadjtimex`;
    const failing = counted(new HostExecutor(dir), key);
    await expect(calibrateOnce(failing.executor, join(dir, 'missing'), signal)).rejects.toThrow();
    const next = counted(new HostExecutor(dir), key);
    await expect(calibrateOnce(next.executor, dir, signal)).resolves.toBeGreaterThanOrEqual(0);
    expect(next.runs()).toBe(8);
  });
});

describe('a command that ends the timing shell', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each([['exit 0'], ['exit 3'], ['exec true']])(
    '%s is said to have ended the shell, not to have failed with its code',
    async (body) => {
      dir = await mkdtemp(join(tmpdir(), 'mountbench-ended-'));
      const executor = new HostExecutor(dir);
      await executor.prepareWorkdir('w', null, new AbortController().signal);
      await expect(
        timeOnce(executor, executor.workdir('w'), body, undefined, new AbortController().signal),
      ).rejects.toThrow(
        /the workload's command ended the timing shell \(exit code \d\) before its time could be read.*run it in a subshell/,
      );
      // In a subshell it is timed, exit status and all.
      const timed = await timeOnce(
        executor,
        executor.workdir('w'),
        '(exit 0)',
        undefined,
        new AbortController().signal,
      );
      expect(timed.seconds).toBeGreaterThanOrEqual(0);
      await expect(
        timeOnce(executor, executor.workdir('w'), '(exit 3)', undefined, new AbortController().signal),
      ).rejects.toThrow(/the workload failed: exit code 3/);
    },
  );

  it('a missing workload folder is still said as such', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mountbench-ended-'));
    const executor = new HostExecutor(dir);
    await expect(
      timeOnce(executor, join(dir, 'gone'), 'true', undefined, new AbortController().signal),
    ).rejects.toThrow(/workload folder .* is missing/);
  });
});
