import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../shared/run-events';
import { ProgressLine } from './progress-line';

const RUN = 'r1';
const host = (id: string) => ({ id, provider: null, variant: null, mount: 'host' as const, label: id });

/** A terminal that keeps what was last drawn on it. */
function terminal() {
  const writes: string[] = [];
  const out = { columns: 160, write: (text: string) => writes.push(text) } as unknown as NodeJS.WriteStream;
  return {
    out,
    last: () =>
      writes
        .filter((w) => w.startsWith('\r') && w.trim())
        .at(-1)
        ?.trim() ?? '',
  };
}

describe('ProgressLine', () => {
  it('counts a race from its first samples, in a range, and never shows 100 % before the end', () => {
    let clock = 0;
    const term = terminal();
    const line = new ProgressLine(term.out, true, { now: () => clock, maxRounds: 20 });
    line.handle({
      type: 'planned',
      runId: RUN,
      backends: [host('a'), host('b')],
      workloads: ['dd-write'],
      totalExecutions: 8,
      maxExecutions: 42,
      workloadPlan: [{ workloadId: 'dd-write', least: 8, most: 42 }],
    });
    expect(term.last()).toContain('ETA after the first samples');
    // A minute of fixtures first: it must not count as the speed of the samples.
    clock = 60_000;
    let completed = 0;
    const sample = (backendId: string, index: number, warmup = false): RunEvent => ({
      type: 'sample',
      runId: RUN,
      backendId,
      workloadId: 'dd-write',
      workloadCase: null,
      index,
      warmup,
      seconds: 0.5,
      completedExecutions: ++completed,
    });
    const lines: string[] = [];
    for (const event of [sample('a', 0, true), sample('b', 0, true)]) {
      line.handle(event);
      clock += 1000;
    }
    for (let round = 0; round < 20; round++) {
      for (const b of ['a', 'b']) {
        line.handle(sample(b, round));
        lines.push(term.last());
        clock += 1000;
      }
    }
    // One second an execution: 40 left at most after the first two, 6 at least.
    expect(lines[0]).toMatch(/ETA \d+s–\d+s/);
    expect(lines[1]).toContain('dd-write round 1 of at most 20, 2 backends still racing');
    for (const text of lines) expect(text).not.toMatch(/100%/);
    const seconds = (text: string) => Number(/–(\d+)s/.exec(text)?.[1] ?? /ETA (\d+)s/.exec(text)?.[1]);
    expect(seconds(lines[0])).toBeLessThanOrEqual(41);
    expect(seconds(lines.at(-1)!)).toBeLessThan(seconds(lines[0]));
  });

  it('writes one line per finished workload with the progress when not on a terminal', () => {
    const writes: string[] = [];
    const out = { write: (t: string) => writes.push(t) } as unknown as NodeJS.WriteStream;
    const line = new ProgressLine(out, false, { now: () => 0 });
    line.handle({
      type: 'planned',
      runId: RUN,
      backends: [host('a')],
      workloads: ['dd-write'],
      totalExecutions: 4,
    });
    expect(writes).toEqual(['planned 1 backend(s) × 1 workload(s)\n']);
    expect(writes.some((w) => w.includes('\r'))).toBe(false);
    // Where the caller prints its own plan (run), the line does not say it a second time.
    const quiet: string[] = [];
    new ProgressLine({ write: (t: string) => quiet.push(t) } as unknown as NodeJS.WriteStream, false, {
      now: () => 0,
      announcePlan: false,
    }).handle({
      type: 'planned',
      runId: RUN,
      backends: [host('a')],
      workloads: ['dd-write'],
      totalExecutions: 4,
    });
    expect(quiet).toEqual([]);
  });

  it('draws nothing over the answer once it is out: the clean-up after it keeps the terminal still', () => {
    const writes: string[] = [];
    const out = { columns: 120, write: (t: string) => writes.push(t) } as unknown as NodeJS.WriteStream;
    const line = new ProgressLine(out, true, { now: () => 0, announcePlan: false });
    line.handle({
      type: 'planned',
      runId: RUN,
      backends: [host('a')],
      workloads: ['dd-write'],
      totalExecutions: 1,
    });
    expect(writes.filter((w) => w.includes('░'))).not.toEqual([]);
    line.handle({ type: 'run-answered', runId: RUN, status: 'completed' });
    // The line is wiped; the answer is printed by the caller from here.
    expect(writes.at(-1)?.trim()).toBe('');
    const before = writes.length;
    line.handle({ type: 'phase', runId: RUN, backendId: 'a', workloadId: null, phase: 'cleanup' });
    line.handle({ type: 'backend-done', runId: RUN, backendId: 'a', ok: true });
    expect(writes.slice(before)).toEqual([]);
    // A clean-up error is still said, on its own line.
    line.handle({
      type: 'error',
      runId: RUN,
      backendId: 'a',
      workloadId: null,
      error: { name: 'MountbenchError', message: 'could not remove the volume', code: 'IO' },
    });
    expect(writes.join('')).toContain('error in a: could not remove the volume\n');
  });

  it("adds a sweep's restarts and later settings to the time left, as it is asked at each redraw", () => {
    let clock = 0;
    const term = terminal();
    let rest = { restartSecondsLeft: 180, laterSeconds: { low: 60, high: 60 } };
    const line = new ProgressLine(term.out, true, { now: () => clock, stillToCome: () => rest });
    line.handle({
      type: 'planned',
      runId: RUN,
      backends: [host('a')],
      workloads: ['dd-write'],
      totalExecutions: 10,
      workloadPlan: [{ workloadId: 'dd-write', least: 10, most: 10 }],
    });
    for (let i = 0; i < 5; i++) {
      line.handle({
        type: 'sample',
        runId: RUN,
        backendId: 'a',
        workloadId: 'dd-write',
        workloadCase: null,
        index: i,
        warmup: false,
        seconds: 0.5,
        completedExecutions: i + 1,
      });
      clock += 1000;
    }
    // 5 left at a second each, plus 3 min of restarts and a minute of the next setting's run.
    clock -= 1000;
    expect(line.current().remaining).toEqual({ low: 5 + 180 + 60, high: 5 + 180 + 60 });
    expect(term.last()).toMatch(/ETA 4m0[45]s/);
    // Once the restore has begun, what is still to come shrinks with it.
    rest = { restartSecondsLeft: 0, laterSeconds: { low: 0, high: 0 } };
    expect(line.current().remaining).toEqual({ low: 5, high: 5 });
  });
});
