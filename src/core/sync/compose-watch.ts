// Drives Compose Watch (`docker compose watch`, the `sync` action) as a developer using it works:
// a compose file in the backend's work folder declares one service whose `develop.watch` syncs the
// host folder into the container's own folder; Mountbench starts the bench container itself, with
// the labels Compose finds a service's containers by, and runs `watch --no-up`, which only watches
// and copies. Compose copies one way (host → container), in batches after 500 ms without a file
// event, as a tar stream through the engine's archive API. Facts and sources: docs/product-facts.md
// (Compose Watch).
//  - A flush waits for the files themselves (content-check.ts, one way): Compose has no flush.
//  - Found as `docker compose` (the CLI plugin) or the standalone `docker-compose`, by version:
//    Debian's docker-compose 1.29 has no `watch`.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { MountbenchError } from '../../shared/errors';
import { findExecutable } from '../vocab/find-executable';
import { waitForSameContent, type Agreement, type RunInContainer } from './content-check';
import { COMMAND_TIMEOUT_MS, FLUSH_TIMEOUT_MS, type SyncSession } from './sync-session';
import { runTool } from './tool-command';

/**
 * `watch` is a top-level command from 2.22.0 (with `--no-up`); before 2.25.0 it refused a service
 * without a `build` section, which the bench service (an image) has not.
 */
export const COMPOSE_WATCH_MIN_VERSION: readonly [number, number, number] = [2, 25, 0];
export const COMPOSE_WATCH_FILE = 'compose.json';
/** The watch process's pid and project, so the next start can stop the watch of a crashed run. */
export const COMPOSE_WATCH_PID_FILE = 'compose-watch.json';
export const COMPOSE_SERVICE = 'bench';

/** The labels Compose's `getContainers` filters a project's service containers by. */
export function composeContainerLabels(project: string): Record<string, string> {
  return {
    'com.docker.compose.project': project,
    'com.docker.compose.service': COMPOSE_SERVICE,
    'com.docker.compose.oneoff': 'False',
    // Compose only asks that the label exists; it never compares the hash when it does not `up`.
    'com.docker.compose.config-hash': 'mountbench',
  };
}

/** `2.29.2`, `v2.29.2-desktop.1`, `1.29.2` → its numbers; null when the output is no version. */
export function parseComposeVersion(stdout: string): [number, number, number] | null {
  const m = /^v?(\d{1,4})\.(\d{1,4})\.(\d{1,4})/.exec(stdout.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

export function versionAtLeast(v: readonly number[], min: readonly number[]): boolean {
  for (let i = 0; i < min.length; i++) if (v[i] !== min[i]) return v[i] > min[i];
  return true;
}

/** The arguments before Compose's own: `docker compose …` for the plugin, none standalone. */
export function composePrefix(executable: string): string[] {
  return basename(executable) === 'docker' ? ['compose'] : [];
}

export interface ComposeFound {
  /** `docker` (with the compose plugin) or `docker-compose`; null when neither can watch. */
  executable: string | null;
  version: string | null;
  reason: string | null;
}

/** The first Compose on PATH whose version has `watch`, or why there is none. */
export async function findComposeWithWatch(env: NodeJS.ProcessEnv): Promise<ComposeFound> {
  const seen: string[] = [];
  for (const name of ['docker', 'docker-compose']) {
    const executable = await findExecutable(name, env);
    if (!executable) continue;
    const answer = await runTool({
      executable,
      env,
      args: [...composePrefix(executable), 'version', '--short'],
      timeoutMs: COMMAND_TIMEOUT_MS,
    }).catch(() => null);
    const version = answer ? parseComposeVersion(answer.stdout) : null;
    if (!version) continue;
    const shown = version.join('.');
    if (versionAtLeast(version, COMPOSE_WATCH_MIN_VERSION))
      return { executable, version: shown, reason: null };
    seen.push(`${name === 'docker' ? 'docker compose' : name} ${shown}`);
  }
  const min = COMPOSE_WATCH_MIN_VERSION.join('.');
  return {
    executable: null,
    version: null,
    reason: seen.length
      ? `Compose Watch needs Docker Compose ${min} or later; found ${seen.join(', ')}`
      : `Docker Compose is not installed (neither \`docker compose\` nor docker-compose on PATH); Compose Watch needs ${min} or later`,
  };
}

/** The compose file, as JSON (which YAML, and so Compose, reads): no quoting rules to get wrong. */
export function composeWatchFile(o: {
  project: string;
  image: string;
  hostRoot: string;
  target: string;
}): string {
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(o.project)) throw new Error(`bad compose project name: ${o.project}`);
  if (!o.target.startsWith('/')) throw new Error(`Compose Watch needs an absolute target, not ${o.target}`);
  return `${JSON.stringify(
    {
      name: o.project,
      services: {
        [COMPOSE_SERVICE]: {
          image: o.image,
          develop: { watch: [{ action: 'sync', path: o.hostRoot, target: o.target }] },
        },
      },
    },
    null,
    2,
  )}\n`;
}

export interface ComposeWatchOptions {
  executable: string;
  /** The run's environment, with DOCKER_HOST naming the engine the bench container runs on. */
  env: NodeJS.ProcessEnv;
  project: string;
  image: string;
  hostRoot: string;
  containerRoot: string;
  workDir: string;
  inContainer: () => RunInContainer;
  signal: AbortSignal;
}

function tail(text: string): string {
  return text.trim().split('\n').slice(-6).join(' | ').slice(0, 1500);
}

/** Resolves once Compose says the watch is on; rejects with its words when it ends or hangs first. */
function untilWatching(child: ChildProcess, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let said = '';
    const done = (err?: Error) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      child.stdout?.removeListener('data', onData);
      child.stderr?.removeListener('data', onData);
      child.removeListener('exit', onExit);
      if (err) reject(err);
      else resolve();
    };
    const onData = (chunk: Buffer) => {
      said = (said + chunk.toString('utf8')).slice(-8000);
      // "watch enabled" up to 2.28, "Watch enabled" since.
      if (/watch enabled/i.test(said)) done();
    };
    const onExit = (code: number | null) =>
      done(new MountbenchError('WORKLOAD_FAILED', `compose watch ended (exit ${code}): ${tail(said)}`));
    const onAbort = () => done(new MountbenchError('CANCELLED', 'compose watch: cancelled'));
    const onError = (err: Error) =>
      done(new MountbenchError('WORKLOAD_FAILED', `compose watch could not start: ${err.message}`));
    const timer = setTimeout(
      () =>
        done(
          new MountbenchError(
            'WORKLOAD_FAILED',
            `compose watch did not start watching within ${COMMAND_TIMEOUT_MS / 1000} s: ${tail(said)}`,
          ),
        ),
      COMMAND_TIMEOUT_MS,
    );
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', onExit);
    child.once('error', onError);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Ends the watch process (its whole group) and waits for it; SIGKILL after a few seconds. */
async function stopWatch(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      child.kill(sig);
    }
  };
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Starts `compose watch --no-up` for a bench container already running with composeContainerLabels. */
export async function startComposeWatch(o: ComposeWatchOptions): Promise<SyncSession> {
  const file = join(o.workDir, COMPOSE_WATCH_FILE);
  await writeFile(
    `${file}.tmp`,
    composeWatchFile({ project: o.project, image: o.image, hostRoot: o.hostRoot, target: o.containerRoot }),
  );
  await rename(`${file}.tmp`, file);
  o.signal.throwIfAborted();
  // Its own process group, so a stop reaches whatever Compose started under it.
  const child = spawn(
    o.executable,
    [...composePrefix(o.executable), '-p', o.project, '-f', file, 'watch', '--no-up'],
    { env: o.env, cwd: o.workDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.on('error', () => undefined);
  if (child.pid)
    await writeFile(
      join(o.workDir, COMPOSE_WATCH_PID_FILE),
      JSON.stringify({ pid: child.pid, project: o.project }),
    );
  let stopped = false;
  let since: Agreement | undefined;
  const session: SyncSession = {
    tool: 'compose-watch',
    ...(child.pid ? { hostPid: child.pid } : {}),
    async flush(signal) {
      const began = performance.now();
      const agreed = await waitForSameContent({
        hostRoot: o.hostRoot,
        containerRoot: o.containerRoot,
        run: o.inContainer(),
        signal,
        timeoutMs: FLUSH_TIMEOUT_MS,
        tool: 'compose watch',
        since,
        oneWay: true,
      });
      since = agreed.agreement;
      return Math.max(0, agreed.observedAt - began) / 1000;
    },
    async terminate() {
      if (stopped) return;
      stopped = true;
      await stopWatch(child);
      await rm(file, { force: true });
      await rm(join(o.workDir, COMPOSE_WATCH_PID_FILE), { force: true });
    },
  };
  try {
    await untilWatching(child, o.signal);
  } catch (err) {
    await session.terminate().catch(() => undefined);
    throw err;
  }
  // Nobody reads the log after start; keep the pipes drained so Compose never blocks on them.
  child.stdout?.resume();
  child.stderr?.resume();
  return session;
}

/**
 * Stops the watch a crashed run left in `workDir`: the pid file names it, and it is signalled only
 * while that pid still runs a compose watch of the same project (a pid is reused once it is gone).
 * Resolves to what was stopped, or null when nothing was left running.
 */
export async function stopLeftoverComposeWatch(workDir: string): Promise<string | null> {
  const text = await readFile(join(workDir, COMPOSE_WATCH_PID_FILE), 'utf8').catch(() => null);
  if (text === null || text.length > 1000) return null;
  let pid: unknown;
  let project: unknown;
  try {
    ({ pid, project } = JSON.parse(text) as { pid?: unknown; project?: unknown });
  } catch {
    return null;
  }
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 1 || typeof project !== 'string')
    return null;
  const args = await runTool({
    executable: 'ps',
    args: ['-o', 'args=', '-p', String(pid)],
    env: process.env,
    timeoutMs: COMMAND_TIMEOUT_MS,
  }).then(
    (out) => out.stdout.trim(),
    () => '',
  );
  if (!args.includes(' watch') || !args.includes(`-p ${project} `)) return null;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    process.kill(pid, 'SIGTERM');
  }
  return `compose watch of ${project}`;
}
