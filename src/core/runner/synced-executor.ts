// A bench container whose workload folders a sync tool fills from the host, as a developer using
// mutagen or docker-sync works: the fixture is laid in a host folder under the run's cache folder,
// the container works on a labelled named volume at the bench root, and the tool carries changes
// both ways. Compose Watch instead copies one way into the container's own filesystem (no volume,
// no write-back). Flushes are timed by the runner apart from the samples (see measure.ts).
import { mkdir } from 'node:fs/promises';
import { removeTree } from '../fixtures/remove-tree';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { MountbenchError } from '../../shared/errors';
import type { SyncMountKind } from '../../shared/ids';
import type { FixtureSpec } from '../fixtures/fixture-spec';
import { writeHostFixture } from '../fixtures/write-host-fixture';
import { createDockerSyncSession, removeDockerSyncVolume } from '../sync/docker-sync';
import { composeContainerLabels, startComposeWatch } from '../sync/compose-watch';
import { createMutagenSession } from '../sync/mutagen';
import { ONE_WAY_SYNC_MOUNTS } from '../../shared/ids';
import type { SyncSession } from '../sync/sync-session';
import { BENCH_ROOT, ContainerExecutor } from './container-executor';
import type { BackendExecutor, ExecResult, SyncControl } from './executor';
import type { ShellSession } from './shell-session';
import { startOrDispose } from './start-or-dispose';
import { processesWithArguments, servingTree, type ServingProcess } from '../host-processes/serving-cost';

export interface SyncedExecutorOptions {
  docker: Dockerode;
  image: string;
  /** The bench container's name; the sync and its volume are named after it. */
  name: string;
  runId: string;
  signal: AbortSignal;
  tool: SyncMountKind;
  /** The tool's executable, found on the run's PATH. */
  executable: string;
  /** The run's environment with DOCKER_HOST set to the engine the container runs on. */
  env: NodeJS.ProcessEnv;
  /** This backend's folder under the run's work folder: host files and tool config live here. */
  dir: string;
  /** The host processes that run the engine's VM (RunContext.engineServing). */
  serving?: readonly ServingProcess[];
}

/**
 * The daemon every mutagen sync runs in: `mutagen daemon start` forks `mutagen daemon run`
 * (mutagen-io/mutagen cmd/mutagen/daemon/start.go), so it is found by that command line. It also
 * carries the user's own sessions, if any run meanwhile.
 */
async function mutagenDaemon(): Promise<ServingProcess[]> {
  const pids = await processesWithArguments('mutagen', ['daemon', 'run']);
  return pids.map((pid) => ({ label: 'mutagen daemon', pid }));
}

export class SyncedExecutor implements BackendExecutor {
  private container: ContainerExecutor | null = null;
  private session: SyncSession | null = null;
  private disposed = false;
  /** The sync tool's own host processes, found once its session runs. */
  private toolServing: readonly ServingProcess[] = [];
  readonly sync: SyncControl;
  readonly image: string;

  private constructor(private readonly options: SyncedExecutorOptions) {
    this.image = options.image;
    this.sync = {
      tool: options.tool,
      ...(ONE_WAY_SYNC_MOUNTS.includes(options.tool) ? { oneWay: true } : {}),
      flush: (signal) => {
        if (!this.session) throw new Error('the sync is not running');
        return this.session.flush(signal);
      },
    };
  }

  get clock() {
    return this.container?.clock ?? null;
  }

  /** The engine's VM and the sync tool's daemon: what carrying the files costs the host. */
  get serving(): readonly ServingProcess[] | undefined {
    const all = [...(this.options.serving ?? []), ...this.toolServing];
    return all.length ? all : undefined;
  }

  /** Its container's: the sync tool is not between the clock's two reads. */
  get calibrationKey(): string | undefined {
    return this.container?.calibrationKey;
  }

  private get hostRoot(): string {
    return join(this.options.dir, 'data');
  }

  static async start(options: SyncedExecutorOptions): Promise<SyncedExecutor> {
    const executor = new SyncedExecutor(options);
    return startOrDispose(executor, () => executor.create());
  }

  private async create(): Promise<void> {
    const o = this.options;
    await mkdir(this.hostRoot, { recursive: true });
    const base = { docker: o.docker, image: o.image, name: o.name, runId: o.runId, signal: o.signal };
    if (o.tool === 'compose-watch') {
      // Compose Watch copies into the container's own filesystem, as into an app image's folder;
      // it finds the container by Compose's labels, so the container comes first.
      const project = o.name.toLowerCase().replace(/[^a-z0-9_-]/g, '-');
      this.container = await ContainerExecutor.start({
        ...base,
        mount: { kind: 'layer' },
        containerLabels: composeContainerLabels(project),
      });
      this.session = await startComposeWatch({
        executable: o.executable,
        env: o.env,
        project,
        image: o.image,
        hostRoot: this.hostRoot,
        containerRoot: BENCH_ROOT,
        workDir: o.dir,
        inContainer: () => (script, signal) => this.inner().run(script, signal),
        signal: o.signal,
      });
      // The watch is this process's child; the docker CLI runs Compose as a plugin under it.
      const pid = this.session.hostPid;
      this.toolServing = pid ? await servingTree({ label: 'docker compose watch', pid }) : [];
      return;
    }
    if (o.tool === 'mutagen') {
      // mutagen syncs into the running container, so the container (and its volume) come first.
      this.container = await ContainerExecutor.start({
        ...base,
        mount: { kind: 'volume', volumeName: o.name },
      });
      this.session = await createMutagenSession({
        executable: o.executable,
        env: o.env,
        name: o.name,
        runId: o.runId,
        hostRoot: this.hostRoot,
        container: o.name,
        containerPath: BENCH_ROOT,
        signal: o.signal,
      });
      this.toolServing = await mutagenDaemon();
      return;
    }
    // docker-sync fills a volume named after the sync, which the container then mounts.
    const volumeName = `${o.name}-sync`;
    this.session = await createDockerSyncSession({
      docker: o.docker,
      runId: o.runId,
      containerRoot: BENCH_ROOT,
      inContainer: () => (script, signal) => this.inner().run(script, signal),
      executable: o.executable,
      env: o.env,
      syncName: volumeName,
      hostRoot: this.hostRoot,
      workDir: o.dir,
      signal: o.signal,
    });
    this.container = await ContainerExecutor.start({
      ...base,
      mount: { kind: 'volume', volumeName, external: true },
    });
  }

  private inner(): ContainerExecutor {
    if (!this.container) throw new Error('bench container is not running');
    return this.container;
  }

  workdir(workloadId: string): string {
    return `${BENCH_ROOT}/${workloadId}`;
  }

  /** Lays the fixture on the host only; the runner's timed flush then carries it in. */
  async prepareWorkdir(workloadId: string, fixture: FixtureSpec | null, signal: AbortSignal): Promise<void> {
    const root = join(this.hostRoot, workloadId);
    await removeTree(root);
    if (fixture) await writeHostFixture(root, fixture, { signal });
    else await mkdir(root, { recursive: true });
  }

  run(script: string, signal: AbortSignal): Promise<ExecResult> {
    return this.inner().run(script, signal);
  }

  hostPathOf(workloadId: string): string {
    return join(this.hostRoot, workloadId);
  }

  openSession(script: string, signal: AbortSignal): Promise<ShellSession> {
    return this.inner().openSession(script, signal);
  }

  fsTypeOf(path: string, signal: AbortSignal): Promise<string> {
    return this.inner().fsTypeOf(path, signal);
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    const problems: string[] = [];
    const note = (err: unknown) => problems.push((err as Error).message);
    if (this.options.tool === 'compose-watch') {
      // Stop copying before the container goes, so Compose never copies into a removed one.
      if (this.session) await this.session.terminate().catch(note);
      if (this.container) await this.container.dispose().catch(note);
    } else if (this.options.tool === 'mutagen') {
      // The session's agent lives in the container: end the session before the container goes.
      if (this.session) await this.session.terminate().catch(note);
      if (this.container) await this.container.dispose().catch(note);
    } else {
      // docker-sync removes its volume on clean, which the bench container must not hold then.
      if (this.container) await this.container.dispose().catch(note);
      if (this.session) await this.session.terminate().catch(note);
      await removeDockerSyncVolume(this.options.docker, `${this.options.name}-sync`).catch(note);
    }
    await removeTree(this.options.dir).catch(note);
    if (problems.length)
      throw new MountbenchError('IO', `cleanup left things behind: ${problems.join('; ')}`);
  }
}
