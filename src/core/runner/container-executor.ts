// A long-lived bench container for one backend. Samples are `docker exec`s into it, so a sample
// pays no container start, and the figure comes from a clock inside it (see sample-script.ts).
import { mkdir } from 'node:fs/promises';
import { removeTree } from '../fixtures/remove-tree';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../shared/ids';
import { MountbenchError } from '../../shared/errors';
import type { FixtureSpec } from '../fixtures/fixture-spec';
import { packFixture } from '../fixtures/tar-pack';
import { currentOwner, OWNER_LABEL } from '../engines/run-owner';
import { writeHostFixture } from '../fixtures/write-host-fixture';
import { emptyAround, splitFixture } from '../fixtures/dependency-folders';
import { shellQuote } from './sample-script';
import { clockProbeScript, pickClock, type ClockSource } from './clock';
import { dockerExec, dockerExecSession } from './docker-exec';
import type { ShellSession } from './shell-session';
import type { BackendExecutor, ExecResult } from './executor';
import { fsTypeForPath } from './proc-mounts';
import { startOrDispose } from './start-or-dispose';
import { createContainerChecked } from './create-container';

export const BENCH_ROOT = '/bench';

export type ContainerMount =
  | {
      kind: 'bind';
      /** What the engine mounts. */ source: string;
      /** Where the runner lays fixtures on the host. */ hostRoot: string;
      consistency?: 'consistent' | 'cached' | 'delegated';
      /** One folder of one workload's project in a named volume instead (the dependency split). */
      dependency?: DependencyVolume;
      /** Workloads whose folder is the run's one host copy of the fixture (shared-fixtures.ts). */
      shared?: SharedFolders;
    }
  | {
      kind: 'volume';
      volumeName: string;
      /** Made and removed by someone else (docker-sync's volume): only mounted here. */
      external?: boolean;
    }
  | { kind: 'tmpfs' }
  | { kind: 'layer' };

export interface DependencyVolume {
  volumeName: string;
  workloadId: string;
  /** Relative to the workload folder, e.g. `node_modules`. */
  folder: string;
}

/** The run's shared fixture folders, as this backend's share serves them. */
export interface SharedFolders {
  /** What the engine mounts: the run's shared root through this backend's share (e.g. its bindfs). */
  source: string;
  /** Where the run lays the shared fixtures on the host. */
  hostRoot: string;
  workloads: readonly string[];
}

function dependencyTarget(dependency: DependencyVolume): string {
  return `${BENCH_ROOT}/${dependency.workloadId}/${dependency.folder}`;
}

export interface ContainerExecutorOptions {
  docker: Dockerode;
  image: string;
  name: string;
  runId: string;
  mount: ContainerMount;
  signal: AbortSignal;
  /** Called after the container is gone: releases what the mount needed (bindfs, host folder). */
  release?: () => Promise<void>;
  /** More labels for the container only (Compose Watch finds its service's container by label). */
  containerLabels?: Record<string, string>;
}

function hostConfigMounts(mount: ContainerMount): Dockerode.MountSettings[] {
  switch (mount.kind) {
    case 'bind':
      return [
        {
          Type: 'bind',
          Source: mount.source,
          Target: BENCH_ROOT,
          ...(mount.consistency ? { Consistency: mount.consistency } : {}),
        },
        // The engine mounts the deeper targets after the bind mount, over their folders there: each
        // shared workload's folder comes from the run's one copy, through this backend's share.
        ...(mount.shared?.workloads ?? []).map((workloadId) => ({
          Type: 'bind' as const,
          Source: join(mount.shared!.source, workloadId),
          Target: `${BENCH_ROOT}/${workloadId}`,
          ...(mount.consistency ? { Consistency: mount.consistency } : {}),
        })),
        ...(mount.dependency
          ? [
              {
                Type: 'volume' as const,
                Source: mount.dependency.volumeName,
                Target: dependencyTarget(mount.dependency),
              },
            ]
          : []),
      ];
    case 'volume':
      return [{ Type: 'volume', Source: mount.volumeName, Target: BENCH_ROOT }];
    case 'tmpfs':
      return [{ Type: 'tmpfs', Source: '', Target: BENCH_ROOT }];
    case 'layer':
      return [];
  }
}

export class ContainerExecutor implements BackendExecutor {
  clock: ClockSource | null = null;
  private container: Dockerode.Container | null = null;
  private volumeCreated = false;
  private dependencyVolumeCreated = false;
  private disposed = false;

  readonly image: string;

  private constructor(private readonly options: ContainerExecutorOptions) {
    this.image = options.image;
  }

  static async start(options: ContainerExecutorOptions): Promise<ContainerExecutor> {
    const executor = new ContainerExecutor(options);
    return startOrDispose(executor, () => executor.create());
  }

  // The engine calls that make something are not aborted by a cancel: an aborted request leaves
  // the engine making the thing anyway, after dispose() has looked for it. Each is bounded by the
  // engine's deadlines instead (engine-deadlines.ts), and a cancel stops before the next one.
  private async create(): Promise<void> {
    const { docker, image, name, runId, mount, signal } = this.options;
    const labels = {
      [MOUNTBENCH_LABEL]: MOUNTBENCH_LABEL_VALUE,
      'mountbench.run': runId,
      [OWNER_LABEL]: currentOwner(),
    };
    if (mount.kind === 'volume' && !mount.external) {
      signal.throwIfAborted();
      await docker.createVolume({ Name: mount.volumeName, Labels: labels });
      this.volumeCreated = true;
    }
    if (mount.kind === 'bind') await mkdir(mount.hostRoot, { recursive: true });
    // Mount points and sources made by us, before the engine would make them (as root, on some engines).
    if (mount.kind === 'bind' && mount.shared) {
      for (const workloadId of mount.shared.workloads) {
        await mkdir(join(mount.hostRoot, workloadId), { recursive: true });
        await mkdir(join(mount.shared.hostRoot, workloadId), { recursive: true });
      }
    }
    if (mount.kind === 'bind' && mount.dependency) {
      signal.throwIfAborted();
      await docker.createVolume({ Name: mount.dependency.volumeName, Labels: labels });
      this.dependencyVolumeCreated = true;
      // Made by us before the engine would make it (as root, on some engines) for the volume's mount point.
      await mkdir(join(mount.hostRoot, mount.dependency.workloadId, mount.dependency.folder), {
        recursive: true,
      });
    }
    signal.throwIfAborted();
    this.container = await createContainerChecked(docker, {
      name,
      Image: image,
      // A sleeping shell keeps the container alive between samples; it is killed on removal.
      Cmd: ['sleep', '2147483647'],
      Labels: { ...this.options.containerLabels, ...labels },
      HostConfig: { Mounts: hostConfigMounts(mount), AutoRemove: false },
    });
    signal.throwIfAborted();
    await this.container.start();
    const made = await this.exec(['mkdir', '-p', BENCH_ROOT], signal);
    if (made.exitCode !== 0)
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `cannot create ${BENCH_ROOT} in the bench container: ${made.stderr.trim()}`,
      );
    const probe = await this.exec(['sh', '-c', clockProbeScript()], signal);
    this.clock = pickClock(probe.stdout);
    if (!this.clock) {
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `the bench image ${image} offers no usable clock (tried adjtimex, date +%N, /proc/uptime); use a BusyBox-based image`,
      );
    }
  }

  private exec(cmd: string[], signal: AbortSignal, stdin?: NodeJS.ReadableStream): Promise<ExecResult> {
    if (!this.container) throw new Error('bench container is not running');
    return dockerExec(this.options.docker, this.container, cmd, { signal, stdin: stdin as never });
  }

  workdir(workloadId: string): string {
    return `${BENCH_ROOT}/${workloadId}`;
  }

  usesSharedFixture(workloadId: string): boolean {
    const { mount } = this.options;
    return mount.kind === 'bind' && (mount.shared?.workloads.includes(workloadId) ?? false);
  }

  async prepareWorkdir(workloadId: string, fixture: FixtureSpec | null, signal: AbortSignal): Promise<void> {
    const { mount } = this.options;
    // Removing the folder here would unhook the shared mount from this container: the run lays it.
    if (this.usesSharedFixture(workloadId))
      throw new Error(`${workloadId}'s folder is the run's shared fixture: the run lays it, not the backend`);
    if (mount.kind === 'bind' && mount.dependency?.workloadId === workloadId && fixture) {
      await this.prepareSplitWorkdir(mount.hostRoot, mount.dependency, fixture, signal);
      return;
    }
    if (mount.kind === 'bind') {
      // Bind fixtures live on the host, as a developer's project does.
      const root = join(mount.hostRoot, workloadId);
      await removeTree(root);
      if (fixture) await writeHostFixture(root, fixture, { signal });
      else await mkdir(root, { recursive: true });
      return;
    }
    const dir = this.workdir(workloadId);
    const script = fixture
      ? `rm -rf ${dir} && mkdir -p ${dir} && tar -x -f - -C ${dir}`
      : `rm -rf ${dir} && mkdir -p ${dir}`;
    const result = await this.exec(['sh', '-c', script], signal, fixture ? packFixture(fixture) : undefined);
    if (result.exitCode !== 0) {
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `laying the ${workloadId} fixture failed: ${result.stderr.trim() || `exit ${result.exitCode}`}`,
      );
    }
  }

  /**
   * The project on the host share, its dependency folder in the volume mounted over that folder.
   * The mount point must survive, so the host side is emptied around it rather than removed.
   */
  private async prepareSplitWorkdir(
    hostRoot: string,
    dependency: DependencyVolume,
    fixture: FixtureSpec,
    signal: AbortSignal,
  ): Promise<void> {
    const root = join(hostRoot, dependency.workloadId);
    const { project, dependency: inVolume } = splitFixture(fixture, dependency.folder);
    await emptyAround(root, dependency.folder);
    await writeHostFixture(root, project, { signal });
    const target = shellQuote(dependencyTarget(dependency));
    const result = await this.exec(
      ['sh', '-c', `find ${target} -mindepth 1 -maxdepth 1 -exec rm -rf {} + && tar -x -f - -C ${target}`],
      signal,
      packFixture(inVolume),
    );
    if (result.exitCode !== 0) {
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `laying ${dependency.folder} in its volume failed: ${result.stderr.trim() || `exit ${result.exitCode}`}`,
      );
    }
  }

  run(script: string, signal: AbortSignal): Promise<ExecResult> {
    return this.exec(['sh', '-c', script], signal);
  }

  hostPathOf(workloadId: string): string | null {
    const { mount } = this.options;
    if (mount.kind === 'bind' && this.usesSharedFixture(workloadId))
      return join(mount.shared!.hostRoot, workloadId);
    return mount.kind === 'bind' ? join(mount.hostRoot, workloadId) : null;
  }

  openSession(script: string, signal: AbortSignal): Promise<ShellSession> {
    if (!this.container) throw new Error('bench container is not running');
    return dockerExecSession(this.options.docker, this.container, ['sh', '-c', script], signal);
  }

  async fsTypeOf(path: string, signal: AbortSignal): Promise<string> {
    const result = await this.exec(['cat', '/proc/mounts'], signal);
    return fsTypeForPath(result.stdout, path) ?? 'unknown';
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    const { docker, mount, release } = this.options;
    const problems: string[] = [];
    // Cleanup must not be cancelled by the run's signal: it is what a cancel relies on. A container
    // whose create call never answered may still exist, so it is removed by name too, but only one
    // we know we made is reported as left behind.
    const container = this.container ?? docker.getContainer(this.options.name);
    await container
      .remove({ force: true, v: true })
      .catch((err: { statusCode?: number; message: string }) => {
        if (this.container && err.statusCode !== 404)
          problems.push(`container ${this.options.name}: ${err.message}`);
      });
    const removeVolume = (volumeName: string) =>
      docker
        .getVolume(volumeName)
        .remove()
        .catch((err: { statusCode?: number; message: string }) => {
          if (err.statusCode !== 404) problems.push(`volume ${volumeName}: ${err.message}`);
        });
    if (mount.kind === 'volume' && this.volumeCreated) await removeVolume(mount.volumeName);
    if (mount.kind === 'bind' && mount.dependency && this.dependencyVolumeCreated)
      await removeVolume(mount.dependency.volumeName);
    if (release) await release().catch((err: Error) => problems.push(err.message));
    if (problems.length)
      throw new MountbenchError('IO', `cleanup left things behind: ${problems.join('; ')}`);
  }
}
