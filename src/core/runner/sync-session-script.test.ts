// The sync-latency session's watcher start, run for real in the host's sh with stand-in `inotifyd`
// programs (shell scripts written here, first on PATH): one that reports the marker late, one that
// exits at once, one that never reports. Only the first line matters here: the watcher's state.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { syncSessionScript } from './measure-sync-latency';

const root = mkdtempSync(join(tmpdir(), 'mb-sync-session-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the script with `inotifyd` as the given shell body; resolves with its first line. */
function firstLine(name: string, inotifyd: string, readySeconds: number): Promise<string> {
  const bin = join(root, name, 'bin');
  const work = join(root, name, 'work');
  mkdirSync(bin, { recursive: true });
  mkdirSync(join(work, 'watch'), { recursive: true });
  writeFileSync(join(bin, 'inotifyd'), `#!/bin/sh\n${inotifyd}\n`);
  chmodSync(join(bin, 'inotifyd'), 0o755);
  const child = spawn('sh', ['-c', syncSessionScript(work, readySeconds)], {
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\n');
      if (end < 0) return;
      child.stdin.end('quit\n');
      resolve(out.slice(0, end));
    });
    child.on('error', reject);
    child.on('exit', () => resolve(out.trim()));
  });
}

describe('the sync session waits for its watcher by the clock, not by a count of rounds', () => {
  it('a watcher that reports the marker only after 2 s is still reported ready', async () => {
    // Starts watching only after 2 s, then reports every close-after-write it is told of: here, the
    // marker's name, which the shell keeps writing until it is reported.
    // It runs in the watched folder (the session starts it there), as `inotifyd - .:w`.
    const slow =
      '[ "$2" = .:w ] || exit 2; sleep 2; while :; do [ -e .mountbench-watcher-ready ] && printf "w\\t.\\t.mountbench-watcher-ready\\n"; sleep 0.05; done';
    expect(await firstLine('slow', slow, 10)).toBe('watcher inotifyd');
  }, 20_000);

  it('a watcher that exits at once (it could not watch the folder) is reported as exited, without waiting the whole bound', async () => {
    // The bound is an hour: only noticing the exit lets this answer before the test's own limit.
    expect(await firstLine('exits', 'exit 1', 3600)).toBe('watcher exited');
  }, 30_000);

  it('a watcher that runs but never reports the marker is reported unready once the bound has passed', async () => {
    expect(await firstLine('silent', 'exec sleep 60', 1)).toBe('watcher unready');
  }, 20_000);
});
