// The shapes a sample takes (sample-script.ts): batched executions between the two clock reads, and
// the untimed run before a back-to-back sample, checked on a real host shell by what they leave.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HostExecutor } from './host-executor';
import { sampleScript } from '../workloads/sample-script';
import { timeOnce } from './time-sample';

let dir = '';
let executor: HostExecutor;
let workdir = '';
const signal = new AbortController().signal;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mountbench-sample-shape-'));
  executor = new HostExecutor(dir);
  await executor.prepareWorkdir('w', null, signal);
  workdir = executor.workdir('w');
});
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const lines = async () => (await readFile(join(workdir, 'log'), 'utf8')).trim().split('\n');

/** The script's lines between the two clock reads (host markers). */
function timedPart(script: string): string[] {
  const all = script.split('\n');
  return all.slice(all.indexOf('echo MB_MARK0') + 1, all.indexOf('echo MB_MARK1'));
}

describe('a batched sample', () => {
  it('runs the body as many times as asked, all inside the timed part', async () => {
    await timeOnce(executor, workdir, 'echo run >> log', undefined, signal, { executions: 5 });
    expect(await lines()).toEqual(['run', 'run', 'run', 'run', 'run']);
    const script = sampleScript({ workdir, body: 'BODY', clockCommand: null, executions: 5 });
    expect(timedPart(script)).toContain('BODY');
    expect(timedPart(script)).toContain('while [ "$mb_i" -lt 5 ]; do');
    expect(script.split('\n').filter((l) => l === 'BODY')).toHaveLength(1);
  });

  it('stops at the first failing execution and fails the sample with its code', async () => {
    // The second execution fails (exit 1): the third never runs.
    const body = 'echo run >> log; [ "$(wc -l < log)" -lt 2 ]';
    await expect(timeOnce(executor, workdir, body, undefined, signal, { executions: 5 })).rejects.toThrow(
      /the workload failed: exit code 1/,
    );
    expect(await lines()).toEqual(['run', 'run']);
  });

  it('refuses a count that is not a whole number from 1', () => {
    expect(() => sampleScript({ workdir, body: ':', clockCommand: null, executions: 0 })).toThrow(
      /whole number/,
    );
    expect(() => sampleScript({ workdir, body: ':', clockCommand: null, executions: 1.5 })).toThrow(
      /whole number/,
    );
  });
});

describe('a back-to-back sample', () => {
  it('runs the body once untimed, right before the timed run, after the reset', async () => {
    const body = '( [ -f primed ] && echo timed >> log || { touch primed; echo primer >> log; } )';
    await timeOnce(executor, workdir, body, 'echo reset >> log', signal, { primer: true });
    expect(await lines()).toEqual(['reset', 'primer', 'reset', 'timed']);
    // The untimed run comes before the first clock read; one run lies between the reads.
    const script = sampleScript({ workdir, body: 'BODY', clockCommand: null, primer: true });
    const all = script.split('\n');
    expect(all.indexOf('BODY')).toBeLessThan(all.indexOf('echo MB_MARK0'));
    expect(timedPart(script).filter((l) => l === 'BODY')).toHaveLength(1);
  });

  it('fails the sample when the untimed run fails, before anything is timed', async () => {
    await expect(
      timeOnce(executor, workdir, '(exit 5)', undefined, signal, { primer: true }),
    ).rejects.toThrow(/the untimed run before the sample failed/);
  });
});
