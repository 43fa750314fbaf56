// The contract every workload fulfils. A workload is data plus shell text: the runner decides where
// it runs (container or host), lays the fixture, and times the script — so adding a workload never
// touches the runner.
import type { MountKind, SizeName, ToolName, WorkloadId } from '../../shared/ids';
import type { WorkloadCost } from '../../shared/estimate';
import type { Stats } from '../../shared/result-schema';
import type { SampleMethod } from '../../shared/run-plan';
import { SAMPLE_TARGET_SECONDS } from '../stats/batch-size';
import type { FixtureSpec } from '../fixtures/fixture-spec';

export type WorkloadParams = Record<string, number | string | boolean>;

/** One timed result of a workload; most workloads have one, buffered-read has one per read size. */
export interface WorkloadCase {
  /** null for the only case; else a short id stored as the result's `case` (e.g. `128`). */
  id: string | null;
  /** The timed shell text (see `WorkloadDefinition.script`). */
  script: string;
  /** Untimed, before every sample. */
  reset?: string;
  /** Operations one execution of the script performs; results are shown per operation when above 1. */
  opsPerSample: number;
  /**
   * The script may run several times in a row, with nothing between, doing the same work each
   * time: a short one is then batched until a sample lasts long enough to decide (stats/batch-size.ts).
   */
  repeatable: boolean;
  /** Figures derived from the timing, such as MB/s or ns per read. */
  derive(stats: Stats): Record<string, number>;
}

/** What a workload file writes: its parameters typed as its own (`Workload` binds them by size). */
export interface WorkloadDefinition<P extends WorkloadParams = WorkloadParams> {
  id: WorkloadId;
  title: string;
  /** One sentence for the UI and the methodology page. */
  description: string;
  sizes: Record<SizeName, P>;
  /** The size in a few words for Setup ("20,000 files × 5 KiB"): the one place a size is said. */
  sizeWords(params: P): string;
  /** What one execution of this size roughly costs: the estimate's input (shared/estimate.ts). */
  cost(params: P): WorkloadCost;
  /** Laid once in the workload folder before warm-up; null: the folder starts empty. */
  fixture(params: P): FixtureSpec | null;
  /**
   * The timed part: POSIX `sh` run with the workload folder as the working directory, using only
   * commands BusyBox and macOS both have. Its stdout is discarded; a non-zero exit fails the sample.
   */
  script(params: P): string;
  /** Untimed, once after the fixture is laid: proves the workload will see what it should. */
  verifyScript?(params: P): string;
  /** Untimed, before every sample (e.g. drop the previous run's output). */
  resetScript?(params: P): string;
  /** Figures derived from the timing, such as MB/s. */
  derive(params: P, stats: Stats): Record<string, number>;
  /**
   * Several results from one fixture. When present it replaces `script`, `resetScript` and
   * `derive` (which may then be stubs that throw).
   */
  cases?(params: P): WorkloadCase[];
  /**
   * True when the timed part writes files: on a sync mount, each timed sample is followed by a
   * write-back flush, timed apart, until the host has what the container wrote.
   */
  writes?: boolean;
  /**
   * True when neither the timed part nor any reset changes the fixture (it only reads): the run
   * may then lay it once on the host and give it to every bind-type backend (shared-fixtures.ts).
   * Absent: every backend lays its own, as any writing workload must.
   */
  readsOnly?: boolean;
  /** Why the workload cannot run on a mount (e.g. the host cannot write into a named volume), or null. */
  unsupportedOn?(mount: MountKind): string | null;
  /**
   * The method its published figures were taken with, and so its default (SAMPLE_METHODS);
   * absent: `spaced`.
   */
  sampleMethod?: SampleMethod;
  /** See `WorkloadCase.repeatable`; only for a script with no reset. Absent: false. */
  repeatable?: boolean;
  /**
   * Programs the scripts call beyond BusyBox (git, node…): the workload then runs in containers
   * made from the tools image instead of the bench image, and on the host only where the host has
   * every one of them. Absent: none, the bench image's BusyBox is enough.
   */
  needsTools?: readonly ToolName[];
}

/** The cases of any workload, single-result ones included. */
export function workloadCases<P extends WorkloadParams>(
  workload: WorkloadDefinition<P>,
  params: P,
): WorkloadCase[] {
  if (workload.cases) return workload.cases(params);
  return [
    {
      id: null,
      script: workload.script(params),
      reset: workload.resetScript?.(params),
      opsPerSample: 1,
      repeatable: workload.repeatable === true && !workload.resetScript,
      derive: (stats) => workload.derive(params, stats),
    },
  ];
}

/** What every workload offers the runner, its parameters bound by size: no casts downstream. */
interface SizedWorkload {
  id: WorkloadId;
  title: string;
  description: string;
  sizes: Record<SizeName, WorkloadParams>;
  sizeWords(size: SizeName): string;
  cost(size: SizeName): WorkloadCost;
  fixture(size: SizeName): FixtureSpec | null;
  verifyScript?(size: SizeName): string;
  writes: boolean;
  /** The fixture is only read: one host copy may serve every bind-type backend. */
  readsOnly: boolean;
  /** Its default sample method: the one its published figures were taken with. */
  sampleMethod: SampleMethod;
  /** Why the workload cannot run on a mount, or null. */
  unsupportedOn(mount: MountKind): string | null;
  /** Programs beyond BusyBox it calls; empty: it runs in the bench image. */
  needsTools: readonly ToolName[];
}

/** Timed by its own scripts, in rounds across the backends. */
export interface ScriptedWorkload extends SizedWorkload {
  kind: 'script';
  cases(size: SizeName): WorkloadCase[];
}

/** Timed by the runner: the host edits a file and times until the environment sees it (sync-latency). */
export interface HostEditWorkload extends SizedWorkload {
  kind: 'host-edit';
  /** Timed edits of a size. */
  edits(size: SizeName): number;
}

/** A workload as the runner measures it: the runner picks the measurer by `kind`. */
export type Workload = ScriptedWorkload | HostEditWorkload;

/**
 * What one sample costs rather than one execution (the estimate counts samples): a batched sample
 * lasts at least the batch target, and a back-to-back one runs the script once more, untimed.
 */
function sampleCost<P extends WorkloadParams>(d: WorkloadDefinition<P>, cost: WorkloadCost): WorkloadCost {
  const one = cost.perExecution;
  const timed = d.repeatable ? Math.max(one, SAMPLE_TARGET_SECONDS) : one;
  const primer = d.sampleMethod === 'back-to-back' ? one : 0;
  return { ...cost, perExecution: timed + primer };
}

function sized<P extends WorkloadParams>(d: WorkloadDefinition<P>): SizedWorkload {
  const verify = d.verifyScript?.bind(d);
  return {
    id: d.id,
    title: d.title,
    description: d.description,
    sizes: d.sizes,
    sizeWords: (size) => d.sizeWords(d.sizes[size]),
    cost: (size) => sampleCost(d, d.cost(d.sizes[size])),
    fixture: (size) => d.fixture(d.sizes[size]),
    ...(verify ? { verifyScript: (size: SizeName) => verify(d.sizes[size]) } : {}),
    writes: d.writes === true,
    readsOnly: d.readsOnly === true && d.writes !== true,
    sampleMethod: d.sampleMethod ?? 'spaced',
    unsupportedOn: (mount) => d.unsupportedOn?.(mount) ?? null,
    needsTools: d.needsTools ?? [],
  };
}

export function scriptedWorkload<P extends WorkloadParams>(d: WorkloadDefinition<P>): ScriptedWorkload {
  return { ...sized(d), kind: 'script', cases: (size) => workloadCases(d, d.sizes[size]) };
}

export function hostEditWorkload<P extends WorkloadParams & { edits: number }>(
  d: WorkloadDefinition<P>,
): HostEditWorkload {
  return { ...sized(d), kind: 'host-edit', edits: (size) => d.sizes[size].edits };
}
