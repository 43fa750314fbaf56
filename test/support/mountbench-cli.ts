// The one way tests, flows and benches start the `mountbench` CLI as a child process: from the
// CLI bundle (out/cli/index.js, which `npm test` builds first) when it is at least as new as every
// source file it is built from, else from the sources through the checkout's launcher (tsx).
// A child through tsx compiles the core again: 8.4-8.9 s of wall and 2.4 s of CPU at load, against
// 2.9-3.3 s and 0.8 s from the bundle (docs/development.md), over more than a hundred children.
//
// MOUNTBENCH_TEST_CLI=source or =bundle forces one (bundle: fails when there is none).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..', '..');
/** The checkout's launcher: runs src/cli through tsx in a source checkout. */
export const LAUNCHER = join(REPO_ROOT, 'bin', 'mountbench.js');
export const CLI_BUNDLE = join(REPO_ROOT, 'out', 'cli', 'index.js');
const CODE_CACHE_LOADER = join(__dirname, 'cli-code-cache.cjs');

/** What the bundle is built from (vite.cli.config.ts): the sources outside the renderer, and the JSON it inlines. */
const BUNDLE_INPUTS = [join(REPO_ROOT, 'src'), join(REPO_ROOT, 'resources'), join(REPO_ROOT, 'package.json')];

function newestInput(path: string, depth = 0): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  // The renderer is electron-vite's bundle, not the CLI's; a tree deeper than this is not ours.
  if (path.endsWith(join('src', 'renderer')) || depth > 12) return 0;
  let newest = 0;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestInput(join(path, name), depth + 1));
  return newest;
}

let chosen: readonly string[] | null = null;

/** Why the bundle was not used, or null when it is. */
export function bundleUnusable(): string | null {
  if (!existsSync(CLI_BUNDLE)) return 'there is no out/cli/index.js';
  const built = statSync(CLI_BUNDLE).mtimeMs;
  const newest = Math.max(...BUNDLE_INPUTS.map((p) => newestInput(p)));
  return newest > built ? 'out/cli/index.js is older than the sources' : null;
}

/** The argv that starts `mountbench` (without its arguments). */
export function mountbenchCommand(): readonly string[] {
  if (chosen) return chosen;
  const forced = process.env.MOUNTBENCH_TEST_CLI;
  if (forced === 'source') return (chosen = [process.execPath, LAUNCHER]);
  const why = bundleUnusable();
  if (forced === 'bundle' && why)
    throw new Error(`MOUNTBENCH_TEST_CLI=bundle, but ${why}: npm run build:cli`);
  if (why) {
    process.stderr.write(
      `mountbench-cli: ${why}; the CLI runs from the sources through tsx (npm run build:cli)\n`,
    );
    return (chosen = [process.execPath, LAUNCHER]);
  }
  // Through V8's code cache (cli-code-cache.cjs): 0.17-0.19 s of CPU a `--version` against 0.25 s.
  return (chosen = [process.execPath, CODE_CACHE_LOADER, CLI_BUNDLE]);
}

export interface ChildOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The mountbench process: what it made carries it in its owner label. */
  pid: number;
}

export interface ChildOptions {
  /** Hears stderr as it grows, with the child (to signal it at a given line). */
  onStderr?(text: string, child: ChildProcess): void;
  /** Hears stdout as it grows, likewise (serve prints its address there). */
  onStdout?(text: string, child: ChildProcess): void;
  /** What to start: this checkout's CLI by default, or an installed `mountbench`. */
  command?: readonly string[];
  /** For a test that signals on something other than the output (an engine's request log). */
  onSpawn?(child: ChildProcess): void;
  /** Its working folder; default the test's own. */
  cwd?: string;
}

/** Runs `mountbench ARGS` to its end with a given environment (a sandbox home). */
export function mountbenchChild(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  options: ChildOptions = {},
): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const [file, ...first] = options.command ?? mountbenchCommand();
    const child = spawn(file, [...first, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    options.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      options.onStdout?.(stdout, child);
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      options.onStderr?.(stderr, child);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, pid: child.pid ?? 0 }));
  });
}
