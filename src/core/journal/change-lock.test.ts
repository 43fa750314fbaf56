// The settings-change lock across real processes: racers started on the same signal, a holder
// that exits without releasing, and a lock left by a process that is gone.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleForTest, type Bundle } from '../test-support/bundle-for-test';
import { CHANGE_LOCK_NAME, takeChangeLock } from './change-lock';

// The taker bundled once: started through tsx, each process compiled the core again (seconds apiece
// on a loaded machine).
let taker$: Bundle | undefined;
beforeAll(() => {
  taker$ = bundleForTest(path.join(__dirname, 'test-support', 'lock-taker.ts'));
});
afterAll(() => taker$?.remove());
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
      [taker$!.file, dir, go, String(holdMs), mode],
      { timeout: 30_000 },
      (err, stdout) => (err ? reject(err) : resolve(stdout.trim())),
    );
  });
}

/** Resolves once `count` takers are waiting for `go` (each leaves `<go>.ready-<pid>`). */
async function takersReady(go: string, count: number): Promise<void> {
  const dir = path.dirname(go);
  const prefix = `${path.basename(go)}.ready-`;
  const deadline = Date.now() + 30_000;
  while (readdirSync(dir).filter((name) => name.startsWith(prefix)).length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} takers were ready within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
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
      // Once all three are polling, release them together.
      await takersReady(go, 3);
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
