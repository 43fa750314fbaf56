// The baseline: the same workload scripts run on the host, with no container or VM in the way, by
// the same BusyBox as the containers where it can run here (see host-tools.ts), which also reads the
// clock inside the script as a container does. Elsewhere (a Mac: its `date` has no nanoseconds) the
// time comes from this process's monotonic clock, read when the script's marker lines arrive
// through a pipe: microseconds on a quiet machine, but a busy event loop can read both lines at once.
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { removeTree } from '../fixtures/remove-tree';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FixtureSpec } from '../fixtures/fixture-spec';
import { writeHostFixture } from '../fixtures/write-host-fixture';
import type { ClockSource } from './clock';
import type { BackendExecutor, ExecResult } from './executor';
import { LineQueue, type ShellSession } from './shell-session';
import { endShellGroup, spawnShellGroup } from './process-group';
import { fsTypeForPath, fsTypeFromDarwinMount } from './proc-mounts';
import { HOST_OWN_TOOLS, type HostTools } from './host-tools';

const MAX_KEPT_CHARS = 1024 * 1024;

export class HostExecutor implements BackendExecutor {
  /** The host tools' own clock where they have one (BusyBox's adjtimex); else marker lines. */
  readonly clock: ClockSource | null;

  /** Set when a container run needs the baseline to say what ran it; absent for the host alone. */
  readonly tools?: string;
  private readonly hostTools: HostTools;

  constructor(
    private readonly root: string,
    hostTools?: HostTools,
  ) {
    this.hostTools = hostTools ?? HOST_OWN_TOOLS;
    this.tools = hostTools?.label;
    this.clock = this.hostTools.clock ?? null;
  }

  private spawnShell(script: string, signal: AbortSignal) {
    const { pathDir } = this.hostTools;
    const env = pathDir ? { ...process.env, PATH: `${pathDir}:${process.env.PATH ?? ''}` } : process.env;
    const child = spawnShellGroup(script, signal, { argv: this.hostTools.shell, env });
    // A shell that exits before reading its stdin must not crash the app with EPIPE.
    child.stdin.on('error', () => undefined);
    return child;
  }

  workdir(workloadId: string): string {
    return join(this.root, workloadId);
  }

  async prepareWorkdir(workloadId: string, fixture: FixtureSpec | null, signal: AbortSignal): Promise<void> {
    const dir = this.workdir(workloadId);
    await removeTree(dir);
    if (fixture) await writeHostFixture(dir, fixture, { signal });
    else await mkdir(dir, { recursive: true });
  }

  run(script: string, signal: AbortSignal): Promise<ExecResult> {
    signal.throwIfAborted();
    return new Promise((resolve, reject) => {
      const child = this.spawnShell(script, signal);
      // A sample reads nothing: its stdin ends at once, as /dev/null would.
      child.stdin.end();
      let stdout = '';
      let stderr = '';
      let pending = '';
      const markers: number[] = [];
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        const now = performance.now() / 1000;
        pending += chunk;
        let newline: number;
        while ((newline = pending.indexOf('\n')) >= 0) {
          const line = pending.slice(0, newline);
          pending = pending.slice(newline + 1);
          if (/^MB_MARK\d$/.test(line)) markers.push(now);
          if (stdout.length < MAX_KEPT_CHARS) stdout += `${line}\n`;
        }
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        if (stderr.length < MAX_KEPT_CHARS) stderr += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) => {
        if (signal.aborted) reject(signal.reason);
        else resolve({ stdout: stdout + pending, stderr, exitCode: code ?? -1, markers });
      });
    });
  }

  hostPathOf(workloadId: string): string {
    return this.workdir(workloadId);
  }

  async openSession(script: string, signal: AbortSignal): Promise<ShellSession> {
    signal.throwIfAborted();
    const child = this.spawnShell(script, signal);
    const queue = new LineQueue();
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => queue.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('error', (err) => queue.end(err));
    child.on('close', (code) =>
      queue.end(new Error(`the shell ended (exit ${code})${stderr ? `: ${stderr.trim()}` : ''}`)),
    );
    return {
      send: (line) => void child.stdin.write(`${line}\n`),
      nextLine: (timeoutMs) => queue.next(timeoutMs),
      close: async () => {
        child.stdin.end();
        if (child.exitCode === null) endShellGroup(child);
      },
    };
  }

  async fsTypeOf(path: string): Promise<string> {
    if (process.platform === 'linux') {
      return fsTypeForPath(await readFile('/proc/mounts', 'utf8'), path) ?? 'unknown';
    }
    if (process.platform === 'darwin') {
      const { stdout } = await promisify(execFile)('mount');
      return fsTypeFromDarwinMount(stdout, path) ?? 'unknown';
    }
    return 'unknown';
  }

  /**
   * The host needs no second environment to read one folder from several processes at once:
   * its siblings are this same host, whose dispose leaves the folder to this executor.
   */
  async siblings(count: number): Promise<BackendExecutor[]> {
    return Array.from({ length: count }, () => {
      const same: BackendExecutor = Object.create(this);
      same.dispose = async () => {};
      return same;
    });
  }

  async dispose(): Promise<void> {
    await removeTree(this.root);
  }
}
