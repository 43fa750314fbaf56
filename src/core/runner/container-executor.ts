// A long-lived bench container for one backend. Samples are `docker exec`s into it, so a sample
// pays no container start, and the figure comes from a clock inside it (see sample-script.ts).
import type { ServingProcess } from '../host-processes/serving-cost';
import { mkdir } from 'node:fs/promises';
import { removeTree } from '../fixtures/remove-tree';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE } from '../../shared/ids';
import { MountbenchError } from '../../shared/errors';
import type { FixtureSpec } from '../fixtures/fixture-spec';
import { packFixture } from '../fixtures/tar-pack';
import { currentOwner, OWNER_LABEL } from '../vocab/run-owner';
import { writeHostFixture } from '../fixtures/write-host-fixture';
import { emptyAround, splitFixture } from '../fixtures/dependency-folders';
import { shellQuote } from '../workloads/sample-script';
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
      /** A volume whose driver serves a folder of the host (an NFS volume): see HostServedVolume. */
      hostServed?: HostServedVolume;
    }
  | { kind: 'tmpfs' }
  | { kind: 'layer' };

/**
 * A named volume a driver mounts from a folder the host serves (Docker's `local` driver with
 * `type: nfs`, nfs/nfs-driver-options.ts): the folder is made before the volume, fixtures are laid
 * in it on the host as a developer's project is, and the container checks the mount is the
 * driver's before measuring.
 */
export interface HostServedVolume {
  /** The host folder the volume's driver serves: fixtures go here. */
  hostRoot: string;
  /** The volume's driver and options, as the engine's create-volume call takes them. */
  options: { Driver: string; DriverOpts: Record<string, string> };
  /** The filesystem types the mount must show in the container (`nfs`, `nfs4`). */
  fsTypes: readonly string[];
  /** The volume in words, for the message when it is something else: "NFS volume". */
  label: string;
}

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
  /** The host processes serving the mount (its FUSE daemons, the engine's VM). Absent: none known. */
  serving?: readonly ServingProcess[];
  /** More labels for the container only (Compose Watch finds its service's container by label). */
  containerLabels?: Record<string, string>;
  /**
   * Container TCP ports published on the host's loopback only (127.0.0.1), each on a host port the
   * engine picks: page-reload's web app is reached this way. Absent: none.
   */
  publish?: readonly number[];
  /**
   * A sibling of another executor (parallel-read): it only mounts what that one made (its volume,
   * its host folder) and removes only its own container. Absent: false.
   */
  sibling?: boolean;
}

/** Port bindings on loopback with no host port given: the engine picks a free one (see publishedPort). */
function portSettings(publish: readonly number[] | undefined): {
  exposed: Record<string, object>;
  bindings: Record<string, Array<{ HostIp: string; HostPort: string }>>;
} {
  const exposed: Record<string, object> = {};
  const bindings: Record<string, Array<{ HostIp: string; HostPort: string }>> = {};
  for (const port of publish ?? []) {
    exposed[`${port}/tcp`] = {};
    bindings[`${port}/tcp`] = [{ HostIp: '127.0.0.1', HostPort: '' }];
  }
  return { exposed, bindings };
}

/** The engine's answer for a published port is untrusted: a whole port number on loopback, or null. */
export function loopbackPortOf(inspect: unknown, containerPort: number): number | null {
  const ports = (inspect as { NetworkSettings?: { Ports?: unknown } } | null)?.NetworkSettings?.Ports;
  if (!ports || typeof ports !== 'object') return null;
  const bound = (ports as Record<string, unknown>)[`${containerPort}/tcp`];
  if (!Array.isArray(bound)) return null;
  for (const entry of bound.slice(0, 8)) {
    const { HostIp, HostPort } = (entry ?? {}) as { HostIp?: unknown; HostPort?: unknown };
    if (HostIp !== '127.0.0.1' || typeof HostPort !== 'string' || !/^\d{1,5}$/.test(HostPort)) continue;
    const port = Number(HostPort);
    if (port >= 1 && port <= 65535) return port;
  }
  return null;
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

/** Where a mount's files live on the host (a bind mount's, a host-served volume's); null elsewhere. */
function hostRootOf(mount: ContainerMount): string | null {
  if (mount.kind === 'bind') return mount.hostRoot;
  return mount.kind === 'volume' && mount.hostServed ? mount.hostServed.hostRoot : null;
}

export class ContainerExecutor implements BackendExecutor {
  clock: ClockSource | null = null;
  private container: Dockerode.Container | null = null;
  private volumeCreated = false;
  private dependencyVolumeCreated = false;
  private disposed = false;

  readonly image: string;
  readonly serving?: readonly ServingProcess[];

  private constructor(private readonly options: ContainerExecutorOptions) {
    this.image = options.image;
    if (options.serving?.length) this.serving = options.serving;
  }

  /** One run's containers of one image and clock share a calibration (executor.ts says why). */
  get calibrationKey(): string | undefined {
    return this.clock ? `${this.options.runId}\n${this.image}\n${this.clock.name}` : undefined;
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
    const sibling = this.options.sibling === true;
    if (mount.kind === 'volume' && !mount.external && !sibling) {
      // A served folder must exist on the server before the engine mounts it at container start.
      if (mount.hostServed) await mkdir(mount.hostServed.hostRoot, { recursive: true });
      signal.throwIfAborted();
      await docker.createVolume({ Name: mount.volumeName, Labels: labels, ...mount.hostServed?.options });
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
    if (mount.kind === 'bind' && mount.dependency && !sibling) {
      signal.throwIfAborted();
      await docker.createVolume({ Name: mount.dependency.volumeName, Labels: labels });
      this.dependencyVolumeCreated = true;
      // Made by us before the engine would make it (as root, on some engines) for the volume's mount point.
      await mkdir(join(mount.hostRoot, mount.dependency.workloadId, mount.dependency.folder), {
        recursive: true,
      });
    }
    signal.throwIfAborted();
    const ports = portSettings(this.options.publish);
    this.container = await createContainerChecked(docker, {
      name,
      Image: image,
      // A sleeping shell keeps the container alive between samples; it is killed on removal.
      Cmd: ['sleep', '2147483647'],
      Labels: { ...this.options.containerLabels, ...labels },
      ...(this.options.publish?.length ? { ExposedPorts: ports.exposed } : {}),
      HostConfig: {
        Mounts: hostConfigMounts(mount),
        AutoRemove: false,
        ...(this.options.publish?.length ? { PortBindings: ports.bindings } : {}),
      },
    });
    signal.throwIfAborted();
    await this.container.start();
    const made = await this.exec(['mkdir', '-p', BENCH_ROOT], signal);
    if (made.exitCode !== 0)
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `cannot create ${BENCH_ROOT} in the bench container: ${made.stderr.trim()}`,
      );
    if (mount.kind === 'volume' && mount.hostServed) await this.requireServedMount(mount.hostServed, signal);
    const probe = await this.exec(['sh', '-c', clockProbeScript()], signal);
    this.clock = pickClock(probe.stdout);
    if (!this.clock) {
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `the bench image ${image} offers no usable clock (tried adjtimex, date +%N, /proc/uptime); use a BusyBox-based image`,
      );
    }
  }

  /**
   * An engine that could not mount NFS would fail the container's start; one that mounted
   * something else (a volume of the same name made by hand) would give another mount's figures.
   */
  private async requireServedMount(served: HostServedVolume, signal: AbortSignal): Promise<void> {
    const fsType = await this.fsTypeOf(BENCH_ROOT, signal);
    if (!served.fsTypes.includes(fsType))
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `the ${served.label} ${this.options.name} is on ${fsType} in the container, not ${served.fsTypes.join(' or ')}: the figures would not be its`,
      );
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
    const hostRoot = hostRootOf(mount);
    if (hostRoot !== null) {
      // Bind and host-served fixtures live on the host, as a developer's project does.
      const root = join(hostRoot, workloadId);
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
    const hostRoot = hostRootOf(mount);
    return hostRoot === null ? null : join(hostRoot, workloadId);
  }

  openSession(script: string, signal: AbortSignal): Promise<ShellSession> {
    if (!this.container) throw new Error('bench container is not running');
    return dockerExecSession(this.options.docker, this.container, ['sh', '-c', script], signal);
  }

  /** The host port on 127.0.0.1 the engine bound to a published container port. */
  async publishedPort(containerPort: number, signal: AbortSignal): Promise<number> {
    if (!this.container) throw new Error('bench container is not running');
    if (!this.options.publish?.includes(containerPort))
      throw new MountbenchError('BAD_INPUT', `port ${containerPort} of the bench container is not published`);
    const port = loopbackPortOf(await this.container.inspect({ abortSignal: signal }), containerPort);
    if (port === null)
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `the engine reported no loopback host port for the bench container's port ${containerPort}`,
      );
    return port;
  }

  /**
   * More containers on this one's mount (the same host folder, the same named volume), each with
   * its own clock: several readers of one share at once. A tmpfs or a container layer is private
   * to one container, so it has none. The caller disposes them; they never remove the mount.
   */
  async siblings(count: number, signal: AbortSignal): Promise<BackendExecutor[]> {
    const { mount } = this.options;
    if (mount.kind === 'tmpfs' || mount.kind === 'layer')
      throw new MountbenchError(
        'BAD_INPUT',
        `a ${mount.kind} is private to one container: it has no siblings`,
      );
    const made: BackendExecutor[] = [];
    try {
      for (let i = 1; i <= count; i++) {
        made.push(
          await ContainerExecutor.start({
            docker: this.options.docker,
            image: this.options.image,
            name: `${this.options.name}-p${i}`,
            runId: this.options.runId,
            mount,
            signal,
            sibling: true,
          }),
        );
      }
      return made;
    } catch (err) {
      await Promise.allSettled(made.map((m) => m.dispose()));
      throw err;
    }
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
    // Removing an NFS volume unmounts it; the files stay on the server (the release removes them).
    if (mount.kind === 'volume' && this.volumeCreated) await removeVolume(mount.volumeName);
    if (mount.kind === 'bind' && mount.dependency && this.dependencyVolumeCreated)
      await removeVolume(mount.dependency.volumeName);
    if (release) await release().catch((err: Error) => problems.push(err.message));
    if (problems.length)
      throw new MountbenchError('IO', `cleanup left things behind: ${problems.join('; ')}`);
  }
}
