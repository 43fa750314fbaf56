// A bench container on Docker Desktop's synchronized file share of each workload's folder, as a
// developer using them works: the fixture is laid on the host (as for a bind mount), a share of
// that folder is created and timed until Docker Desktop says `watching` (the initial copy, like
// mutagen's first sync), and the container bind-mounts the same host folder, which Docker Desktop
// serves from the share's copy (docs/product-facts.md, what is confirmed of that). Docker Desktop
// picks the share for a bind mount when the container is created, so each workload gets a fresh
// container after its share exists; the previous workload's container and share go first.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { MountbenchError } from '../../shared/errors';
import type { FixtureSpec } from '../fixtures/fixture-spec';
import { removeTree } from '../fixtures/remove-tree';
import { writeHostFixture } from '../fixtures/write-host-fixture';
import type { SyncShareCapability, SyncShareHandle } from '../providers/product-module';
import { waitForSameContent, type Agreement } from '../sync/content-check';
import { FLUSH_TIMEOUT_MS } from '../sync/sync-session';
import { BENCH_ROOT, ContainerExecutor } from './container-executor';
import type { BackendExecutor, ExecResult, SyncControl } from './executor';
import type { RunJournalLease } from './run-journal';
import type { ShellSession } from './shell-session';

export interface SyncShareExecutorOptions {
  docker: Dockerode;
  image: string;
  name: string;
  runId: string;
  signal: AbortSignal;
  publish?: readonly number[];
  /** This backend's folder under the run's work folder: the host copies of the fixtures. */
  dir: string;
  /** The engine's unix socket: the product finds its file-shares API from it. */
  engineSocket: string;
  /** The run's journal, leased for this executor's life; given back on dispose. */
  lease: RunJournalLease;
  /** The product serving the shares (the registry's `syncShares` capability). */
  shares: Pick<SyncShareCapability, 'start' | 'remove'>;
}

/** One workload's share and the container created on it. */
interface Current {
  workloadId: string;
  hostPath: string;
  share: SyncShareHandle | null;
  container: ContainerExecutor | null;
  /** The initial copy's seconds, until the runner's first flush takes them. */
  initialSeconds: number | null;
  /** Both sides' stamps when they last agreed: the next write-back flush starts from them. */
  since?: Agreement;
}

export class SyncShareExecutor implements BackendExecutor {
  private current: Current | null = null;
  private disposed = false;
  /** A share was asked for: dispose makes sure none of this executor's label is left. */
  private asked = false;
  readonly sync: SyncControl;
  readonly image: string;

  constructor(private readonly options: SyncShareExecutorOptions) {
    this.image = options.image;
    this.sync = { tool: 'sync-share', flush: (signal) => this.flush(signal) };
  }

  get clock() {
    return this.current?.container?.clock ?? null;
  }

  get calibrationKey(): string | undefined {
    return this.current?.container?.calibrationKey;
  }

  private inner(): ContainerExecutor {
    const container = this.current?.container;
    if (!container) throw new Error('no workload folder is prepared: the bench container is not running');
    return container;
  }

  /** The workload's own folder is the whole bind mount. */
  workdir(_workloadId: string): string {
    return BENCH_ROOT;
  }

  hostPathOf(workloadId: string): string {
    return join(this.options.dir, 'data', workloadId);
  }

  async prepareWorkdir(workloadId: string, fixture: FixtureSpec | null, signal: AbortSignal): Promise<void> {
    const o = this.options;
    await this.endCurrent();
    const hostPath = this.hostPathOf(workloadId);
    await removeTree(hostPath);
    if (fixture) await writeHostFixture(hostPath, fixture, { signal });
    else await mkdir(hostPath, { recursive: true });
    const current: Current = { workloadId, hostPath, share: null, container: null, initialSeconds: null };
    this.current = current;
    this.asked = true;
    const share = await o.shares.start({
      engineSocket: o.engineSocket,
      hostPath,
      // The container's name labels its shares: a workload's own container (custom) in the same
      // run has its own, so removing one executor's shares never takes another's.
      runId: o.name,
      journal: o.lease.journal,
      signal,
    });
    current.share = share;
    current.initialSeconds = share.initialSyncSeconds;
    current.container = await ContainerExecutor.start({
      docker: o.docker,
      image: o.image,
      name: o.name,
      runId: o.runId,
      signal,
      ...(o.publish?.length ? { publish: o.publish } : {}),
      mount: { kind: 'bind', source: hostPath, hostRoot: hostPath },
    });
    // Untimed: the container holds the whole fixture, and the stamps a write-back flush starts from.
    current.since = (await this.agree(current, signal)).agreement;
  }

  private agree(current: Current, signal: AbortSignal) {
    return waitForSameContent({
      hostRoot: current.hostPath,
      containerRoot: BENCH_ROOT,
      run: (script, s) => this.inner().run(script, s),
      signal,
      timeoutMs: FLUSH_TIMEOUT_MS,
      tool: 'the synchronized file share',
      ...(current.since ? { since: current.since } : {}),
    });
  }

  /** The first flush after a lay is the share's initial copy; later ones wait for the container's writes. */
  private async flush(signal: AbortSignal): Promise<number> {
    const current = this.current;
    if (!current?.container) throw new Error('the synchronized file share is not running');
    if (current.initialSeconds !== null) {
      const seconds = current.initialSeconds;
      current.initialSeconds = null;
      return seconds;
    }
    const began = performance.now();
    const agreed = await this.agree(current, signal);
    current.since = agreed.agreement;
    return Math.max(0, agreed.observedAt - began) / 1000;
  }

  run(script: string, signal: AbortSignal): Promise<ExecResult> {
    return this.inner().run(script, signal);
  }

  openSession(script: string, signal: AbortSignal): Promise<ShellSession> {
    return this.inner().openSession(script, signal);
  }

  fsTypeOf(path: string, signal: AbortSignal): Promise<string> {
    return this.inner().fsTypeOf(path, signal);
  }

  publishedPort(containerPort: number, signal: AbortSignal): Promise<number> {
    return this.inner().publishedPort(containerPort, signal);
  }

  /** The container before its share: it must not hold files Docker Desktop is removing. */
  private async endCurrent(): Promise<void> {
    const current = this.current;
    if (!current) return;
    this.current = null;
    try {
      if (current.container) await current.container.dispose();
    } finally {
      if (current.share) await current.share.remove();
    }
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    const problems: string[] = [];
    const note = (err: unknown) => problems.push((err as Error).message);
    await this.endCurrent().catch(note);
    // A share whose start failed or was cancelled half-way is found by its label: the journal is
    // ended only once none is listed, else it stays for `mountbench restore`.
    if (this.asked)
      await this.options.shares
        .remove({ engineSocket: this.options.engineSocket, runId: this.options.name })
        .catch(note);
    await removeTree(this.options.dir).catch(note);
    await this.options.lease.release(problems.length === 0).catch(note);
    if (problems.length)
      throw new MountbenchError('IO', `cleanup left things behind: ${problems.join('; ')}`);
  }
}
