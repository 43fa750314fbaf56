// A crashed run's `compose watch` is found by the pid file its folder keeps and stopped, and only
// while that pid still runs a watch of the same project. Real processes: a small script stands in
// for Compose here (it says "Watch enabled" and waits, as `watch --no-up` does once it watches).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPOSE_WATCH_PID_FILE, startComposeWatch, stopLeftoverComposeWatch } from './compose-watch';

const root = mkdtempSync(join(tmpdir(), 'mb-compose-left-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const fakeCompose = join(root, 'docker-compose');
writeFileSync(fakeCompose, '#!/bin/sh\necho "Watch enabled"\nsleep 300\n');
chmodSync(fakeCompose, 0o755);

// `ps` sees the whole machine, where another checkout may run this same file: the project names
// carry this process's pid so each run counts only its own watches.
const left = (n: number) => `mountbench-left-${process.pid}-${n}`;
const other = `mountbench-other-${process.pid}`;

// The stand-in's shell forks to run `sleep`, and `ps` can catch that child before it execs, still
// showing the shell's arguments: a count of one is polled, not read once.
function running(project: string): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(`-p ${project} `));
}

async function startIn(dir: string, project: string): Promise<void> {
  mkdirSync(join(dir, 'data'), { recursive: true });
  await startComposeWatch({
    executable: fakeCompose,
    env: process.env,
    project,
    image: 'busybox',
    hostRoot: join(dir, 'data'),
    containerRoot: '/bench',
    workDir: dir,
    inContainer: () => async () => ({ stdout: '', exitCode: 0 }),
    signal: new AbortController().signal,
  });
}

describe('the watch a crashed run left', () => {
  it('is stopped by the pid file in its folder', async () => {
    const dir = join(root, 'backend-0');
    await startIn(dir, left(0));
    await expect.poll(() => running(left(0)), { timeout: 10_000 }).toHaveLength(1);
    expect(await stopLeftoverComposeWatch(dir)).toBe(`compose watch of ${left(0)}`);
    await expect.poll(() => running(left(0)), { timeout: 10_000 }).toEqual([]);
  });

  it('leaves a process alone when the pid now runs something else', async () => {
    const dir = join(root, 'backend-1');
    await startIn(dir, left(1));
    // The file names another project: as if the pid had been reused by another watch.
    const pid = Number(
      execFileSync('sh', ['-c', `cat ${join(dir, COMPOSE_WATCH_PID_FILE)}`], { encoding: 'utf8' }).match(
        /"pid":(\d+)/,
      )![1],
    );
    writeFileSync(join(dir, COMPOSE_WATCH_PID_FILE), JSON.stringify({ pid, project: other }));
    expect(await stopLeftoverComposeWatch(dir)).toBeNull();
    await expect.poll(() => running(left(1)), { timeout: 10_000 }).toHaveLength(1);
    process.kill(-pid, 'SIGTERM');
    await expect.poll(() => running(left(1)), { timeout: 10_000 }).toEqual([]);
  });

  it('reads nothing from a missing or malformed pid file', async () => {
    const dir = join(root, 'backend-2');
    mkdirSync(dir, { recursive: true });
    expect(await stopLeftoverComposeWatch(dir)).toBeNull();
    writeFileSync(join(dir, COMPOSE_WATCH_PID_FILE), '{"pid": 1, "project": "x"}');
    expect(await stopLeftoverComposeWatch(dir)).toBeNull();
    writeFileSync(join(dir, COMPOSE_WATCH_PID_FILE), 'not json');
    expect(await stopLeftoverComposeWatch(dir)).toBeNull();
  });
});
