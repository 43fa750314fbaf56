// npm-install's scripts on this host with the host's own npm, as the `host` layout runs them (the
// registry must be reachable, as on a user's Mac): the quick project's cache is fetched, laid,
// installed and checked, and the validity check is shown to fail an install that is not whole.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNpmCache, npmCacheFolder } from '../../src/core/workloads/npm-cache';
import { writeHostFixture } from '../../src/core/fixtures/write-host-fixture';
import {
  NPM_CACHE,
  NPM_MODULES,
  npmInstallWorkload,
  npmValidityScript,
} from '../../src/core/workloads/npm-install';
import { npmProject } from '../../src/core/workloads/npm-projects';
import { scriptedWorkload } from '../../src/core/workloads/workload';
import { hostShell, mustRun, runCase } from '../../src/core/workloads/workload-shell';

const made: string[] = [];
afterAll(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mountbench-${prefix}-`));
  made.push(dir);
  return dir;
}

const quick = npmProject('serve-static');
const cacheDir = tempDir('npm-cache');
const workload = scriptedWorkload(npmInstallWorkload(cacheDir));

async function laid(): Promise<string> {
  const dir = tempDir('npm-install');
  await writeHostFixture(dir, workload.fixture('quick')!);
  return dir;
}

beforeAll(async () => {
  const progress: number[] = [];
  await ensureNpmCache({
    cacheDir,
    project: quick,
    signal: AbortSignal.timeout(120_000),
    onProgress: (p) => progress.push(p.done),
  });
  expect(progress.at(-1)).toBe(21);
}, 150_000);

describe('npm-install on the host', () => {
  it('reuses a complete cache instead of fetching it again', async () => {
    const folder = npmCacheFolder(cacheDir, quick);
    const progress: number[] = [];
    const again = await ensureNpmCache({
      cacheDir,
      project: quick,
      signal: AbortSignal.timeout(10_000),
      onProgress: (p) => progress.push(p.done),
    });
    expect(again).toBe(folder);
    expect(progress).toEqual([]);
  });

  it('installs the lockfile offline from the laid cache, and npm ls then finds the whole tree', async () => {
    const dir = await laid();
    const shell = hostShell(dir);
    await mustRun(shell, workload.verifyScript!('quick'));
    const [only] = workload.cases('quick');
    for (let sample = 0; sample < 2; sample++) {
      const result = await runCase(shell, only);
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
    }
    expect(existsSync(join(dir, NPM_MODULES, 'serve-static', 'package.json'))).toBe(true);
    // Every top-level path of the lockfile is there (a scope folder holds its packages).
    const topLevel = Object.keys(JSON.parse(quick.lockfile).packages as object).filter((p) =>
      /^node_modules\/(?:@[^/]+\/)?[^/]+$/.test(p),
    );
    expect(topLevel.length).toBeGreaterThan(15);
    for (const path of topLevel) expect(existsSync(join(dir, path, 'package.json')), path).toBe(true);
  }, 60_000);

  it('fails the sample when a tarball is missing from the cache', async () => {
    const dir = await laid();
    const content = join(dir, NPM_CACHE, '_cacache', 'content-v2');
    rmSync(content, { recursive: true });
    const result = await runCase(hostShell(dir), workload.cases('quick')[0]);
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/ENOTCACHED/);
  }, 60_000);

  it('fails the check when a package is gone from node_modules after the install', async () => {
    const dir = await laid();
    const shell = hostShell(dir);
    await mustRun(shell, `${workload.cases('quick')[0].reset}\n${workload.cases('quick')[0].script}`);
    rmSync(join(dir, NPM_MODULES, 'send'), { recursive: true });
    const result = await shell(npmValidityScript());
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/npm ls found the install incomplete[\s\S]*send/);
  }, 60_000);

  it('empties node_modules between samples but keeps the folder a volume may be mounted on', async () => {
    const dir = await laid();
    const shell = hostShell(dir);
    await mustRun(shell, workload.cases('quick')[0].script);
    await mustRun(shell, workload.cases('quick')[0].reset!);
    expect(readdirSync(join(dir, NPM_MODULES))).toEqual([]);
  }, 60_000);
});

describe('fetching the cache', () => {
  it('says the registry cannot be reached and keeps nothing half-written', async () => {
    const dir = tempDir('npm-offline');
    const unreachable = {
      ...process.env,
      // A port nothing listens on: every fetch is refused at once.
      npm_config_proxy: 'http://127.0.0.1:9',
      npm_config_https_proxy: 'http://127.0.0.1:9',
      npm_config_fetch_retries: '0',
      npm_config_offline: 'false',
    };
    await expect(
      ensureNpmCache({
        cacheDir: dir,
        project: quick,
        env: unreachable,
        signal: AbortSignal.timeout(60_000),
      }),
    ).rejects.toThrow(/could not fetch the npm packages npm-install needs .*nothing was kept/);
    expect(readdirSync(join(dir, 'npm-cache'))).toEqual([]);
  }, 90_000);

  it('says npm is missing when it is not on PATH', async () => {
    await expect(
      ensureNpmCache({
        cacheDir: tempDir('npm-missing'),
        project: quick,
        env: { PATH: tempDir('empty-path') },
        signal: AbortSignal.timeout(10_000),
      }),
    ).rejects.toThrow(/npm is not on PATH/);
  });

  it('refuses to lay the fixture before the cache is fetched', () => {
    const empty = scriptedWorkload(npmInstallWorkload(tempDir('npm-none')));
    expect(() => empty.fixture('quick')).toThrow(/was not fetched/);
  });
});
