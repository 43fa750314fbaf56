// Docker Desktop's synchronized file shares through stand-ins of Docker Desktop's API and of its
// engine identity (test/stand-ins/lib/desktop-*.cjs), measured on the REAL engine: the share's
// target folder is bind-mounted into a real bench container.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal, findUnfinishedJournals } from '../../src/core/journal';
import { mountbenchChild } from '../support/mountbench-cli';
import { fileShareAvailability } from '../../src/core/providers/docker-desktop/file-share-availability';
import { FILE_SHARE_OWNER, startFileShare } from '../../src/core/providers/docker-desktop/file-share-session';
import { ContainerExecutor } from '../../src/core/runner/container-executor';
import { docker, image } from './support';
import { startDesktopStandIns } from './stand-ins/desktop-file-shares';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups.length = 0;
});

async function desktop(active = true) {
  const { dir, api, engineSocket } = await startDesktopStandIns('sync-share', active, cleanups);
  const project = join(dir, 'project');
  mkdirSync(project);
  for (let i = 0; i < 50; i += 1) writeFileSync(join(project, `f${i}.txt`), 'x'.repeat(1000 + i));
  return { dir, api, engineSocket, project };
}

describe('sync-share through the Docker Desktop API stand-in, on the real engine', () => {
  it('creates a share, waits until watching, measures a bind mount of its folder, removes it', async () => {
    const d = await desktop();
    const found = await fileShareAvailability(d.engineSocket);
    expect(found.reason).toBeNull();
    if (!found.available) throw new Error('unreachable');
    const journal = await Journal.create(join(d.dir, 'data'), 'run sync-share test');
    const started = await startFileShare({
      client: found.client,
      journal,
      hostPath: d.project,
      runId: 'syncshare-test-1',
      intervalMs: 20,
    });
    expect(started.share.status).toBe('watching');
    expect(started.share.labels['mountbench.run']).toBe('syncshare-test-1');
    expect(started.initialSyncSeconds).toBeGreaterThan(0);
    const executor = await ContainerExecutor.start({
      docker,
      image,
      name: `mountbench-syncshare-${process.pid}`,
      runId: 'syncshare-test-1',
      mount: { kind: 'bind', source: started.share.targetPath, hostRoot: d.project },
      signal: new AbortController().signal,
    });
    try {
      const out = await executor.run(
        'find /bench -type f | wc -l; cat /bench/* | wc -c',
        new AbortController().signal,
      );
      const [files, bytes] = out.stdout.trim().split(/\s+/).map(Number);
      expect(files).toBe(50);
      expect(bytes).toBe(50 * 1000 + (49 * 50) / 2);
    } finally {
      await executor.dispose();
    }
    await started.remove();
    expect(d.api.shares()).toEqual([]);
    expect(existsSync(started.share.targetPath)).toBe(false);
    await journal.finish('completed');
  });

  it('a crash right after create leaves a journal whose restore removes the share', async () => {
    const d = await desktop();
    const dataDir = join(d.dir, 'data');
    const child = spawn(
      process.execPath,
      [
        '--require',
        'tsx/cjs',
        join(__dirname, 'sync-share-crash-child.ts'),
        dataDir,
        join(d.dir, 'docker-cli.sock'),
        d.project,
        'syncshare-crash',
      ],
      { env: { ...process.env, MOUNTBENCH_KILL_AT_STEP: '2' }, stdio: 'ignore' },
    );
    const signal = await new Promise((done) => child.on('close', (_code, s) => done(s)));
    expect(signal).toBe('SIGKILL');
    expect(d.api.shares().map((s) => s.labels['mountbench.run'])).toEqual(['syncshare-crash']);
    expect(await findUnfinishedJournals(dataDir)).toHaveLength(1);
    // The user's way back: `mountbench restore`, with the restorers of every owner.
    const out = await mountbenchChild(['restore'], {
      ...process.env,
      HOME: d.dir,
      MOUNTBENCH_DATA_DIR: dataDir,
    });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(new RegExp(`${FILE_SHARE_OWNER}: put back`));
    expect(await findUnfinishedJournals(dataDir)).toEqual([]);
    expect(d.api.shares()).toEqual([]);
  });

  it('skips with a reason where the API says the feature is off, or the engine is not Docker Desktop', async () => {
    const d = await desktop(false);
    const off = await fileShareAvailability(d.engineSocket);
    expect(off.available).toBe(false);
    expect(off.reason).toMatch(/not active: they need a Pro, Team or Business plan/);
    const plain = await fileShareAvailability('/var/run/docker.sock');
    expect(plain.reason).toMatch(/this engine is not Docker Desktop's/);
  });
});
