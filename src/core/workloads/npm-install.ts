// `npm ci --offline` of a real project, the install paolomainardi's 2025 comparison timed in four
// layouts (on the host, in the image with no volume, a bind mount with node_modules in a named
// volume, a plain bind mount). The package cache is laid beside the project, so the install
// needs no network and every sample installs the same bytes; the time is npm unpacking 1,400
// packages into tens of thousands of small files, which is what a share is slow at.
//
// Valid when `npm ls` then finds the whole tree: an install that left a package out (a tarball
// missing from the cache, a folder gone from node_modules) fails the sample.
import { existsSync } from 'node:fs';
import { MountbenchError } from '../../shared/errors';
import { countWords } from '../../shared/size-format';
import { directoryFixture } from '../fixtures/directory-fixture';
import type { FixtureEntry, FixtureSpec } from '../fixtures/fixture-spec';
import { NPM_CACHE_MARKER, npmCacheFolder } from './npm-cache';
import { fixtureSeconds } from './fixture-cost';
import { lockedTarballs } from './npm-lockfile';
import { npmProject, type NpmProject } from './npm-projects';
import type { WorkloadDefinition } from './workload';

export interface NpmInstallParams extends Record<string, string | number> {
  /** One of NPM_PROJECT_IDS. */
  project: string;
  /** Seconds one install roughly takes in a container on a fast share, for the estimate. */
  seconds: number;
}

/** The package cache's folder inside the workload folder. */
export const NPM_CACHE = '.npm-cache';
export const NPM_MODULES = 'node_modules';

// No audit, funding or update-notifier requests (they would need the network), no install scripts
// (code from the registry never runs on the user's host; the anchor's packages need none to be
// installed), no log files written into the cache between samples.
const NPM_FLAGS = '--no-audit --no-fund --no-update-notifier --logs-max=0 --loglevel=error';

// No top-level `exit`: it would end the runner's timing shell before the clock is read again; the
// status of the last command is the sample's.
/** The validity check, kept apart so a test can run it on a broken tree. */
export function npmValidityScript(): string {
  return [
    `if npm ls --all --offline --cache ${NPM_CACHE} ${NPM_FLAGS} > /dev/null 2> .npm-ls.err; then :; else`,
    '  echo "npm-install: npm ls found the install incomplete:" >&2; head -c 2000 .npm-ls.err >&2; false',
    'fi',
  ].join('\n');
}

export function npmInstallScript(): string {
  return [`npm ci --offline --cache ${NPM_CACHE} --ignore-scripts ${NPM_FLAGS} &&`, npmValidityScript()].join(
    '\n',
  );
}

/**
 * Empties node_modules but keeps the folder: in the bind-with-volume layout it is the volume's
 * mount point, which cannot be removed. `npm ci` would empty it too, inside the timed part.
 */
export function npmResetScript(): string {
  return `mkdir -p ${NPM_MODULES} && find ${NPM_MODULES} -mindepth 1 -maxdepth 1 -exec rm -rf {} + && rm -f .npm-ls.err`;
}

/** package.json, package-lock.json and the cache folder's copy under `.npm-cache/`. */
export function npmInstallFixture(project: NpmProject, cacheFolder: string): FixtureSpec {
  const cache = directoryFixture(cacheFolder);
  const files: FixtureEntry[] = [
    {
      type: 'file',
      path: 'package.json',
      size: Buffer.byteLength(project.manifest),
      content: () => Buffer.from(project.manifest),
    },
    {
      type: 'file',
      path: 'package-lock.json',
      size: Buffer.byteLength(project.lockfile),
      content: () => Buffer.from(project.lockfile),
    },
  ];
  return {
    totalBytes: cache.totalBytes + files.reduce((sum, f) => sum + (f.type === 'file' ? f.size : 0), 0),
    entryCount: cache.entryCount + files.length + 2,
    entries: function* () {
      yield* files;
      yield { type: 'dir', path: NPM_MODULES };
      yield { type: 'dir', path: NPM_CACHE };
      for (const entry of cache.entries()) {
        if (entry.path === NPM_CACHE_MARKER) continue;
        yield { ...entry, path: `${NPM_CACHE}/${entry.path}` };
      }
    },
  };
}

/**
 * The workload, reading its package cache from Mountbench's cache folder `cacheDir` (the runner
 * fetches it first, fixtures/npm-cache.ts). Without one, it can be listed and estimated but not laid.
 */
export function npmInstallWorkload(cacheDir: string | undefined): WorkloadDefinition<NpmInstallParams> {
  return {
    id: 'npm-install',
    title: 'npm install',
    description:
      "npm ci --offline of a real project's lockfile from a package cache beside it, then npm ls to prove the tree is whole.",
    sizes: {
      // The anchor's own project: paolomainardi/docker-for-mac-bench's create-react-app (react-scripts 5.0.1).
      default: { project: 'create-react-app', seconds: 6 },
      quick: { project: 'serve-static', seconds: 0.6 },
    },
    sizeWords: (p) => {
      const project = npmProject(p.project);
      return `${countWords(project.installs)} packages (${project.title})`;
    },
    cost: (p) => {
      const packages = npmProject(p.project).installs;
      // The cache holds about two files and 42 KB per package (58 MB, 2,391 files for create-react-app).
      return { cases: 1, perExecution: p.seconds, fixture: fixtureSeconds(packages * 42_000, packages * 2) };
    },
    fixture: (p) => {
      const project = npmProject(p.project);
      if (!cacheDir) throw new Error('npm-install is laid only by a run, which names the cache folder');
      const folder = npmCacheFolder(cacheDir, project);
      if (!existsSync(`${folder}/${NPM_CACHE_MARKER}`)) {
        throw new MountbenchError(
          'WORKLOAD_FAILED',
          `npm-install's package cache for ${project.title} was not fetched before the fixture was laid`,
        );
      }
      return npmInstallFixture(project, folder);
    },
    script: () => npmInstallScript(),
    resetScript: () => npmResetScript(),
    verifyScript: (p) => {
      const tarballs = lockedTarballs(npmProject(p.project).lockfile, p.project).length;
      return [
        'command -v npm > /dev/null || { echo "npm-install needs npm (and Node.js) where it runs" >&2; exit 1; }',
        `[ -f package-lock.json ] && [ -d ${NPM_CACHE}/_cacache ] || { echo "npm-install: the project or its package cache is missing" >&2; exit 1; }`,
        `n=$(find ${NPM_CACHE}/_cacache/content-v2 -type f | awk 'END { print NR }')`,
        `[ "$n" -ge ${tarballs} ] || { echo "npm-install: the package cache holds $n tarballs, expected ${tarballs}" >&2; exit 1; }`,
      ].join('\n');
    },
    derive: (p, stats) => ({
      packagesPerSecond: stats.median > 0 ? npmProject(p.project).installs / stats.median : 0,
    }),
    writes: true,
    sampleMethod: 'spaced',
    // The host layout uses the host's own node and npm, as the comparison's "native" test did.
    needsTools: ['node', 'npm'],
  };
}
