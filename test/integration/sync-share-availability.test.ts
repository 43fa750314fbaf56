// Whether `sync-share` is listed and what a run asking for it is told, on the real engine (not
// Docker Desktop) and behind the stand-in of Docker Desktop's engine identity and file-shares API.
import { afterEach, describe, expect, it } from 'vitest';
import { mountAvailability, requireSyncTools } from '../../src/core/sync/availability';
import { startDesktopStandIns } from './stand-ins/desktop-file-shares';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups.length = 0;
});

/** The environment of a run whose engine is the Desktop identity stand-in in front of the real engine. */
async function desktopEnv(active: boolean): Promise<NodeJS.ProcessEnv> {
  const { engineSocket } = await startDesktopStandIns('sync-share-avail', active, cleanups);
  return { PATH: process.env.PATH, DOCKER_HOST: `unix://${engineSocket}` };
}

const syncShareOf = async (env: NodeJS.ProcessEnv) =>
  (await mountAvailability(env)).find((m) => m.mount === 'sync-share');

describe('sync-share availability', () => {
  it('on the plain engine: unavailable, because it is not Docker Desktop, and a run is refused with that', async () => {
    const env = { PATH: process.env.PATH, DOCKER_HOST: 'unix:///var/run/docker.sock' };
    const found = await syncShareOf(env);
    expect(found?.available).toBe(false);
    expect(found?.reason).toContain("this engine is not Docker Desktop's");
    await expect(requireSyncTools(['bind', 'sync-share'], env)).rejects.toThrow(
      /the sync-share mount is unavailable here: .*not Docker Desktop's/,
    );
  });

  it('behind Docker Desktop with shares off: unavailable with the plan reason', async () => {
    const env = await desktopEnv(false);
    const found = await syncShareOf(env);
    expect(found?.available).toBe(false);
    expect(found?.reason).toContain('not active');
  });

  it('behind Docker Desktop with shares on: listed available, and a run asking for it is let through', async () => {
    const env = await desktopEnv(true);
    expect(await syncShareOf(env)).toEqual({ mount: 'sync-share', available: true, reason: null });
    // No tool on PATH to find: Docker Desktop itself keeps the share.
    expect(await requireSyncTools(['sync-share'], env)).toEqual({});
    expect(await requireSyncTools(['bind'], env)).toEqual({});
  });

  it('behind Docker Desktop with shares off: a run asking for it is refused with the plan reason', async () => {
    const env = await desktopEnv(false);
    await expect(requireSyncTools(['sync-share'], env)).rejects.toThrow(
      /the sync-share mount is unavailable here: .*not active/,
    );
  });

  it('a DOCKER_HOST that is not a unix socket: unavailable, naming it', async () => {
    const found = await syncShareOf({ PATH: process.env.PATH, DOCKER_HOST: 'tcp://127.0.0.1:1' });
    expect(found?.available).toBe(false);
    expect(found?.reason).toContain('tcp://127.0.0.1:1');
  });
});
