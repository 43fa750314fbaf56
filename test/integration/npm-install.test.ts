// npm-install on the real engine at quick size, in the comparison's four layouts (the host, the
// image with no volume, bind with node_modules in a named volume, a plain bind mount) on the
// native bind mount and the FUSE (bindfs) share, plus a named volume: every sample installs the
// lockfile offline from the cache laid beside it, in the tools image, and the run names the
// fastest layout. A cache with a corrupted tarball fails every sample: the install was not done.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNpmCache, npmCacheFolder } from '../../src/core/workloads/npm-cache';
import { npmProject } from '../../src/core/workloads/npm-projects';
import type { RunEvent } from '../../src/shared/run-events';
import { runFileSchema, type RunFile } from '../../src/shared/result-schema';
import type { RunRequest } from '../../src/shared/run-plan';
import { runOnEngine } from './engine-run';
import { labelledLeftovers, tempDir, toolsImage } from './support';

const REQUEST: RunRequest = {
  mounts: ['bind', 'layer', 'volume', 'host'],
  variants: ['native', 'fuse'],
  workloads: ['npm-install'],
  size: 'quick',
  runs: 2,
  warmup: 0,
};

async function run(
  request: RunRequest,
  runId: string,
  cacheDir: string,
  events: RunEvent[] = [],
): Promise<RunFile> {
  return runOnEngine(request, {
    runId,
    toolsImage,
    allowHostCommands: false,
    cacheDir,
    onEvent: (e) => events.push(e),
  });
}

describe('npm-install in the four layouts', () => {
  const cache = tempDir('npm-install-it');
  afterAll(() => cache.remove());
  const events: RunEvent[] = [];
  let result: RunFile;
  beforeAll(async () => {
    result = await run(REQUEST, 'it-npm-install', cache.path, events);
  });

  it('fetches the cache once, with progress, and installs on every layout from it', async () => {
    expect(result.errors).toEqual([]);
    expect(runFileSchema.safeParse(result).success).toBe(true);
    const fetches = events.filter((e) => e.type === 'fetch-progress');
    expect(fetches.at(0)).toMatchObject({ done: 0, total: 21 });
    expect(fetches.at(-1)).toMatchObject({ done: 21, total: 21 });
    const ids = result.results.map((r) => r.backend.id).sort();
    expect(ids).toEqual(
      [
        'docker-engine/fuse/bind',
        'docker-engine/fuse/bind+node_modules-volume',
        'docker-engine/native/bind',
        'docker-engine/native/bind+node_modules-volume',
        'docker-engine/native/layer',
        'docker-engine/native/volume',
        'host',
      ].sort(),
    );
    for (const r of result.results) {
      expect(r.stats.samples, r.backend.id).toHaveLength(2);
      if (r.backend.mount !== 'host') expect(r.image, r.backend.id).toBe(toolsImage);
    }
    const fuse = result.results.find((r) => r.backend.id === 'docker-engine/fuse/bind');
    expect(fuse?.fsType).toMatch(/fuse/);
    expect(await labelledLeftovers({ runId: 'it-npm-install' })).toEqual({ containers: [], volumes: [] });
  });

  it('names the fastest layout in the run file', () => {
    const layouts = result.npmLayouts!;
    expect(layouts.rows.map((r) => r.layout).sort()).toEqual(
      ['bind', 'bind', 'bind-volume', 'bind-volume', 'host', 'image'].sort(),
    );
    expect(
      layouts.rows.find((r) => r.backendId === 'docker-engine/fuse/bind+node_modules-volume')?.words,
    ).toBe('bind mount with node_modules in a volume · FUSE share (bindfs)');
  });

  it('fails every sample when a tarball in the cache is corrupt', async () => {
    const broken = tempDir('npm-install-broken');
    try {
      const project = npmProject('serve-static');
      await ensureNpmCache({ cacheDir: broken.path, project, signal: AbortSignal.timeout(120_000) });
      // Same size, other bytes: the file count check passes; npm's read checks the hash and misses.
      const content = join(npmCacheFolder(broken.path, project), '_cacache', 'content-v2', 'sha512');
      const [a] = readdirSync(content);
      const [b] = readdirSync(join(content, a));
      const [file] = readdirSync(join(content, a, b));
      const path = join(content, a, b, file);
      writeFileSync(path, Buffer.alloc(readFileSync(path).length, 0x61));
      const request: RunRequest = { ...REQUEST, mounts: ['bind', 'layer'], variants: ['native'] };
      const failed = await run(request, 'it-npm-install-broken', broken.path);
      expect(failed.results).toEqual([]);
      expect(failed.errors.length).toBeGreaterThanOrEqual(3);
      for (const e of failed.errors) expect(e.workloadId).toBe('npm-install');
      expect(failed.errors.map((e) => e.message).join('\n')).toMatch(
        /the workload failed: .*(no cached response|EINTEGRITY|ENOTCACHED)/,
      );
      expect(await labelledLeftovers({ runId: 'it-npm-install-broken' })).toEqual({
        containers: [],
        volumes: [],
      });
    } finally {
      broken.remove();
    }
  });
});
