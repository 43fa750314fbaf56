// The settings-change lock across real processes: racers started on the same signal, a holder
// that exits without releasing, and a lock left by a process that is gone.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANGE_LOCK_NAME, takeChangeLock } from './change-lock';

const TAKER = path.join(__dirname, 'test-support', 'lock-taker.ts');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'change-lock-'));
  dirs.push(dir);
  return dir;
}

function taker(dir: string, go: string, holdMs: number, mode = 'release'): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', TAKER, dir, go, String(holdMs), mode],
      { timeout: 30_000 },
      (err, stdout) => (err ? reject(err) : resolve(stdout.trim())),
    );
  });
}

/** The pid of a process that has already ended. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '0']);
    child.on('exit', () => resolve(child.pid as number));
  });
}

describe('the settings-change lock', () => {
  it('lets exactly one of three racing processes through; the others get BUSY saying who', async () => {
    for (let round = 0; round < 2; round++) {
      const dir = freshDir();
      const go = path.join(dir, 'go');
      const racers = [taker(dir, go, 1500), taker(dir, go, 1500), taker(dir, go, 1500)];
      // Give the three children time to start and poll, then release them together.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      writeFileSync(go, '');
      const outcomes = await Promise.all(racers);
      expect(
        outcomes.filter((o) => o === 'took'),
        outcomes.join('\n'),
      ).toHaveLength(1);
      const refused = outcomes.filter((o) => o !== 'took');
      expect(refused).toHaveLength(2);
      for (const line of refused) {
        expect(line).toMatch(
          /^refused: BUSY another settings change is in progress: test taker \d+, process \d+/,
        );
        expect(line).toMatch(/Nothing was changed/);
      }
      expect(existsSync(path.join(dir, CHANGE_LOCK_NAME))).toBe(false);
    }
  }, 60_000);

  it('is gone when its holder leaves by process.exit without releasing', async () => {
    const dir = freshDir();
    const go = path.join(dir, 'go');
    writeFileSync(go, '');
    expect(await taker(dir, go, 10, 'exit')).toBe('took');
    expect(existsSync(path.join(dir, CHANGE_LOCK_NAME))).toBe(false);
  }, 30_000);

  it('takes over a lock whose holder is dead, and one torn mid-write', async () => {
    const dir = freshDir();
    const file = path.join(dir, CHANGE_LOCK_NAME);
    writeFileSync(file, JSON.stringify({ pid: await deadPid(), purpose: 'apply x', at: 'then' }));
    const lock = await takeChangeLock(dir, 'after the crash');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      pid: process.pid,
      purpose: 'after the crash',
    });
    await lock.release();
    expect(existsSync(file)).toBe(false);
    writeFileSync(file, '{"pid": 12');
    await (await takeChangeLock(dir, 'after a torn lock')).release();
  });

  it('refuses while a live process holds it (this one, taking it twice)', async () => {
    const dir = freshDir();
    const lock = await takeChangeLock(dir, 'apply docker-desktop vz-grpcfuse');
    await expect(takeChangeLock(dir, 'sweep docker-desktop')).rejects.toMatchObject({
      code: 'BUSY',
      message: expect.stringMatching(/apply docker-desktop vz-grpcfuse, process \d+ \(this process\)/),
    });
    await lock.release();
    await (await takeChangeLock(dir, 'now free')).release();
  });
});
