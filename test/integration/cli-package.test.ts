// The `mountbench` npm package as a user gets it: packed from this checkout, installed with
// `npm install --omit=dev` into an empty folder outside it (the npm registry brings the runtime
// dependencies; nothing of the checkout's node_modules is reachable), and run against the real engine.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_BUNDLED_DEPENDENCIES } from '../../scripts/cli-bundled-dependencies.mjs';
import { RECOMMENDATION_CHANGED_EXIT } from '../../src/cli/output/fail-if-not';
import { runFileSchema } from '../../src/shared/result-schema';
import { bundleUnusable, mountbenchChild } from '../support/mountbench-cli';
import { image, tempDir } from './support';
import { builtRendererDir } from './transport-contract-renderer';

const ROOT = join(__dirname, '..', '..');
const work = tempDir('cli-package');
const prefix = join(work.path, 'install');
const data = join(work.path, 'data');
const installedBin = join(prefix, 'node_modules', '.bin', 'mountbench');

/** The environment of a user's shell: none of the npm variables `npm test` sets for its scripts. */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'NODE_PATH'),
  );
  return { ...env, MOUNTBENCH_DATA_DIR: data, MOUNTBENCH_CACHE_DIR: join(work.path, 'cache'), ...extra };
}

function installed(args: string[]) {
  return mountbenchChild(args, userEnv(), { command: [installedBin] });
}

/** Every folder from `dir` up to the root: none may hold a node_modules the install could fall back on. */
function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let d = dirname(dir); d !== parse(d).root; d = dirname(d)) out.push(d);
  return [...out, parse(dir).root];
}

/** `run` as the issue asks for it, with a profile so --fail-if-not has a recommendation to check. */
const QUICK_RUN_WITH_PROFILE = [
  'run',
  '--mount',
  'tmpfs',
  '--workload',
  'dd-write',
  '--size',
  'quick',
  '--runs',
  '2',
  '--image',
  image,
  '--profile',
  'balanced',
];

let tarball: string;

beforeAll(() => {
  builtRendererDir();
  // The package must hold this checkout's code: the CLI bundle is built when it is older than the
  // sources (or missing), never rebuilt while it is current, since files running beside this one
  // start the CLI from it (test/support/mountbench-cli.ts); a rebuild removes it for a moment.
  if (bundleUnusable())
    execFileSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '-c', 'vite.cli.config.ts'],
      {
        cwd: ROOT,
        stdio: 'ignore',
      },
    );
  tarball = execFileSync(process.execPath, [join(ROOT, 'scripts', 'pack-cli.mjs'), '--out', work.path], {
    cwd: ROOT,
    encoding: 'utf8',
    env: userEnv(),
  }).trim();
  execFileSync('mkdir', ['-p', prefix]);
  writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n');
  execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error', tarball], {
    cwd: prefix,
    env: userEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
});
afterAll(() => work.remove());

describe('the mountbench npm package', () => {
  it('holds only the launcher, the CLI bundle with its licences, the dashboard and the README, and depends on no package the bundle carries', () => {
    expect(ancestors(prefix).filter((d) => existsSync(join(d, 'node_modules')))).toEqual([]);
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(files.filter((f) => !f.startsWith('package/out/renderer/assets/'))).toEqual([
      'package/README.md',
      'package/bin/mountbench.js',
      'package/out/cli/index.js',
      'package/out/cli/licenses.md',
      'package/out/renderer/index.html',
      'package/package.json',
    ]);
    const manifest = JSON.parse(
      execFileSync('tar', ['xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
    );
    const checkout = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // The runtime dependencies but those the bundle carries (today all of them).
    expect(manifest.dependencies).toEqual(
      Object.fromEntries(
        Object.entries(checkout.dependencies).filter(([name]) => !CLI_BUNDLED_DEPENDENCIES.includes(name)),
      ),
    );
    expect(manifest.dependencies).not.toHaveProperty('dockerode');
    // Each bundled package's licence travels with its code, and the packages it brings (ssh2's).
    const licences = execFileSync('tar', ['xzOf', tarball, 'package/out/cli/licenses.md'], {
      encoding: 'utf8',
    });
    for (const name of [...CLI_BUNDLED_DEPENDENCIES, 'ssh2'])
      expect(licences, `licenses.md: ${name}`).toMatch(new RegExp(`^## ${name} - \\d`, 'm'));
    expect(manifest).not.toHaveProperty('devDependencies');
    expect(manifest).not.toHaveProperty('scripts');
    expect(manifest.private).toBe(true);
    const modules = readdirSync(join(prefix, 'node_modules'));
    for (const dev of ['electron', 'tsx', 'typescript', '@playwright', 'vite', 'react', 'esbuild']) {
      expect(modules).not.toContain(dev);
    }
  });

  it('installs no package with an install script or a native build (nothing for npm to run)', () => {
    // What npm would run on install: preinstall/install/postinstall, or node-gyp for a binding.gyp.
    const withScripts: string[] = [];
    const walk = (modules: string): void => {
      if (!existsSync(modules)) return;
      for (const name of readdirSync(modules)) {
        if (name.startsWith('.')) continue;
        const dirs = name.startsWith('@')
          ? readdirSync(join(modules, name)).map((n) => join(modules, name, n))
          : [join(modules, name)];
        for (const dir of dirs) {
          const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
            scripts?: Record<string, string>;
          };
          const scripts = ['preinstall', 'install', 'postinstall'].filter((s) => manifest.scripts?.[s]);
          if (scripts.length || existsSync(join(dir, 'binding.gyp')))
            withScripts.push(`${dir.slice(prefix.length + 1)}: ${scripts.join(', ') || 'binding.gyp'}`);
          walk(join(dir, 'node_modules'));
        }
      }
    };
    walk(join(prefix, 'node_modules'));
    expect(withScripts).toEqual([]);
    for (const gone of ['ssh2', 'cpu-features', 'protobufjs', 'dockerode'])
      expect(existsSync(join(prefix, 'node_modules', gone)), gone).toBe(false);
  });

  it('prints its version with the commit it was built from', async () => {
    const { code, stdout } = await installed(['--version']);
    expect(code).toBe(0);
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    expect(stdout.trim()).toMatch(
      new RegExp(`^${version.replace(/\./g, '\\.')} \\(commit ([0-9a-f]{12}(-dirty)?|unknown)\\)$`),
    );
  });

  it('finds the real engine: engines --json', async () => {
    const { code, stdout, stderr } = await installed(['engines', '--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const engines = JSON.parse(stdout) as { reachable: boolean; serverVersion?: string }[];
    expect(engines.some((e) => e.reachable && e.serverVersion)).toBe(true);
  });

  it('runs dd-write on tmpfs against the real engine and saves a result stamped with its commit', async () => {
    const json = join(work.path, 'run.json');
    const { code, stdout, stderr } = await installed([
      ...QUICK_RUN_WITH_PROFILE,
      '--fail-if-not',
      'tmpfs',
      '--json',
      json,
    ]);
    expect(stderr).toMatch(/saved .*\.json/);
    expect(code).toBe(0);
    // The run ends on the answer; tmpfs, alone, is all there was to choose for container-only data.
    expect(stdout).toMatch(
      /^ {2}container-only data: only 'tmpfs' was measured: nothing to compare it with$/m,
    );
    const run = runFileSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
    expect(run.results.map((r) => [r.workload.id, r.backend.mount, r.fsType, r.stats.runs])).toEqual([
      ['dd-write', 'tmpfs', 'tmpfs', 2],
    ]);
    const version = (await installed(['--version'])).stdout;
    expect(version).toContain(run.app.commit ?? 'unknown');
  });

  it('fails the job with exit 3 when the recommendation is not the --fail-if-not target', async () => {
    const { code, stderr } = await installed([...QUICK_RUN_WITH_PROFILE, '--fail-if-not', 'volume']);
    expect(code).toBe(RECOMMENDATION_CHANGED_EXIT);
    expect(stderr).toContain(
      '--fail-if-not volume: the recommendation is tmpfs (docker-engine/native/tmpfs)',
    );
  });

  it('compares with the published figures and serves the dashboard from the package', async () => {
    const compare = await installed(['compare', '--published']);
    expect(compare.code).toBe(0);
    expect(compare.stdout).toContain('(published)');
    const child = spawn(installedBin, ['serve'], {
      cwd: prefix,
      env: userEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const match = /Mountbench dashboard: (\S+)/.exec(out);
          if (match) resolve(match[1]);
        });
        child.on('close', (code) => reject(new Error(`serve exited ${code} before printing its address`)));
      });
      // The tokened address serves the page with its credential in a <meta>, and sets no cookie.
      const page = await fetch(url, { redirect: 'manual' });
      expect(page.status).toBe(200);
      expect(page.headers.get('set-cookie')).toBeNull();
      const html = await page.text();
      expect(html).toContain('<div id="root">');
      expect(html).toContain(`content="${new URL(url).searchParams.get('token')}"`);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
