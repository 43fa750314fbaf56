// Where a backend's workloads run: a long-lived bench container, or the host itself. The runner
// only speaks to this interface, so timing, fixtures and cleanup are written once for both.
import type { FixtureSpec } from '../fixtures/fixture-spec';
import type { ClockSource } from './clock';
import type { ServingProcess } from '../host-processes/serving-cost';
import type { ShellSession } from './shell-session';
import type { SyncedMountKind } from '../../shared/ids';

/** A sync tool (or Docker Desktop's file share) between the host folder and the container. */
export interface SyncControl {
  readonly tool: SyncedMountKind;
  /** Host → container only (Compose Watch): there is no write-back to flush or time. */
  readonly oneWay?: boolean;
  /** Waits until host and container agree (both ways, or host → container when oneWay); resolves to the seconds it took. */
  flush(signal: AbortSignal): Promise<number>;
}

export interface ExecResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** Host-side monotonic seconds at which each `MB_MARKn` line arrived (host executor only). */
  markers: number[];
}

export interface BackendExecutor {
  /** Clock used inside the environment; null: host markers timed by the runner's process. */
  readonly clock: ClockSource | null;
  /** Absolute path of a workload's folder as the workload sees it. */
  workdir(workloadId: string): string;
  /**
   * True when this executor's folder for the workload is the run's shared host copy of its fixture
   * (shared-fixtures.ts), already mounted: the runner lays that copy once, and never calls
   * `prepareWorkdir` for it. Absent: false (every folder is the executor's own).
   */
  usesSharedFixture?(workloadId: string): boolean;
  /** Creates the workload folder and lays the fixture (if any) in it. */
  prepareWorkdir(workloadId: string, fixture: FixtureSpec | null, signal: AbortSignal): Promise<void>;
  run(script: string, signal: AbortSignal): Promise<ExecResult>;
  /** Where the host sees a workload's folder, when the host can write into it (bind, host); else null. */
  hostPathOf(workloadId: string): string | null;
  /** Starts `sh -c script` in the workload environment with stdin open, driven line by line. */
  openSession(script: string, signal: AbortSignal): Promise<ShellSession>;
  /** The filesystem type the folder is on, e.g. `overlay`, `tmpfs`, `fuse`, `ext4`. */
  fsTypeOf(path: string, signal: AbortSignal): Promise<string>;
  /** Host only: what ran the scripts (the bench image's BusyBox, or the host's own tools). */
  readonly tools?: string;
  /** Containers only: the image the workload's container was made from, for the result file. */
  readonly image?: string;
  /**
   * The host processes that serve this backend's files (its FUSE daemon, the engine's VM, a sync
   * tool's daemon): their CPU and memory are read around every timed sample (serving-cost.ts).
   * Absent: none Mountbench knows of.
   */
  readonly serving?: readonly ServingProcess[];
  /** Present on sync mounts: the runner times the tool's flushes apart from the samples. */
  readonly sync?: SyncControl;
  /**
   * Environments beside this one on the same mount, to run a script in all at once
   * (parallel-read). Absent: the backend cannot give any; the caller disposes what it gets.
   */
  siblings?(count: number, signal: AbortSignal): Promise<BackendExecutor[]>;
  /** The host port on 127.0.0.1 that reaches this environment's TCP port (page-reload). Absent: none. */
  publishedPort?(containerPort: number, signal: AbortSignal): Promise<number>;
  /**
   * Executors with the same key read their clock at the same cost, so a run calibrates one of them
   * and the rest reuse its figure (time-sample.ts, calibrateOnce). Containers of one run share it
   * when they have the same image and clock: calibration times `:` between two reads of a clock
   * binary from the image's own layer, found on PATH, never in the workload folder, so nothing
   * between the two reads touches the backend's mount; what it costs is the engine's (its kernel,
   * its VM) and the image's. Absent: calibrated alone (the host, whose marker timing is its own).
   */
  readonly calibrationKey?: string;
  /** Removes everything this executor created. Safe to call twice and after a failed start. */
  dispose(): Promise<void>;
}
