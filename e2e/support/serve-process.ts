// `mountbench serve` as a child process, exactly as a user starts it: the printed address (with its
// token) is read from stdout, and it is stopped with SIGINT, which cancels its runs and removes what
// they made before it exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { mountbenchCommand } from '../../test/support/mountbench-cli';
import { REPO_ROOT } from './paths';

const ADDRESS_LINE = /^Mountbench dashboard: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/m;
/** Starting includes loading the CLI (through tsx when its bundle is stale) and a look for leftovers on the engine. */
const START_TIMEOUT_MS = 120_000;
/** Cancelling a run waits for its containers, volumes and fixtures to be removed. */
const STOP_TIMEOUT_MS = 120_000;

export interface ServeOptions {
  /** The whole environment of the process (not merged with this one: the caller decides). */
  env: NodeJS.ProcessEnv;
  /** serve's stderr (refusals, cleanup) is written here, for a failed test's artefacts. */
  logFile: string;
  /**
   * Runs serve in a mount namespace of its own where this folder is an empty tmpfs: how the
   * "no engine" flow hides the system-wide socket (Linux, root) without touching the machine.
   */
  hideFolder?: string;
}

export interface ServeProcess {
  url: string;
  origin: string;
  /** serve's own pid: what its runs write in the `mountbench.owner` label. */
  pid: number;
  /** Ends it with SIGINT and waits; resolves to its exit code. */
  stop(): Promise<number | null>;
}

function command(options: ServeOptions): { file: string; args: string[] } {
  const serve = [...mountbenchCommand(), 'serve'];
  if (!options.hideFolder) return { file: serve[0], args: serve.slice(1) };
  // unshare without --fork and `exec` keep one pid all the way to node, so SIGINT reaches serve
  // and the owner label carries the pid we know.
  return {
    file: 'unshare',
    args: [
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      'mount -t tmpfs mountbench-e2e "$1" && shift && exec "$@"',
      'sh',
      options.hideFolder,
      ...serve,
    ],
  };
}

export async function startServe(options: ServeOptions): Promise<ServeProcess> {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile);
  const { file, args } = command(options);
  const child = spawn(file, args, { cwd: REPO_ROOT, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(`no address within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    function fail(why: string) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`mountbench serve did not start: ${why} (its stderr: ${options.logFile})`));
    }
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const found = ADDRESS_LINE.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('error', (err) => fail(err.message));
    child.once('exit', (code, signal) => fail(`it exited (${signal ?? `code ${code}`})`));
  });

  return {
    url,
    origin: new URL(url).origin,
    pid: child.pid as number,
    stop: () => stopServe(child, exited, log),
  };
}

async function stopServe(
  child: ChildProcess,
  exited: Promise<number | null>,
  log: NodeJS.WritableStream,
): Promise<number | null> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGINT');
    const timer = setTimeout(() => {
      // Cleanup hung: a second SIGINT quits at once (leftovers are then `mountbench cleanup`'s).
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    }, STOP_TIMEOUT_MS);
    const code = await exited;
    clearTimeout(timer);
    log.end();
    return code;
  }
  log.end();
  return exited;
}
