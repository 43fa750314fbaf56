// One figure ready to be compared: a measured result or a published one, flattened to what a
// side-by-side table, a ranking and a significance test need. Published figures have no samples
// and no median, so those are nullable; everything else is the same for both.
import type { MountKind, ProviderId, SizeName } from './ids';
import type { SampleMethod } from './run-plan';

export type RowSource =
  | {
      kind: 'measured';
      runId: string;
      createdAt: string;
      /** Set when the run was not measured by Mountbench but imported from another tool's export. */
      importedFrom?: 'hyperfine';
    }
  | { kind: 'published'; sourceId: string; title: string; url: string | null };

/** A sweep's control beside a result (core/sweep/control.ts): seconds per operation. */
export interface ControlFigure {
  mean: number;
  stddev: number | null;
  runs: number;
  /** The filesystem the control's own folder was on, where recorded. */
  fsType?: string;
}

export interface ComparisonRow {
  source: RowSource;
  machine: {
    /** Stable within one comparison: a run's machine fingerprint, or a published machine id. */
    key: string;
    label: string;
    chip: string;
    arch: string;
  };
  backend: {
    /** `provider/variant/mount` for measured rows; `engine/fileSharing/mount` for published ones. */
    key: string;
    label: string;
    provider: ProviderId | null;
    /** The file-sharing setting in the product's words (`VirtioFS`, `gRPC FUSE`, `native`…). */
    fileSharing: string | null;
    /** Measured and published rows share the mount words (mutagen and docker-sync included). */
    mount: MountKind;
  };
  workload: {
    /** `id`, or `id:case` for workloads with several results (`buffered-read:128`). */
    key: string;
    id: string;
    case: string | null;
    /** The fixture size of a measured row; absent for published figures (the sizes `default` copies). */
    size?: SizeName;
  };
  /** Seconds per sample. */
  mean: number;
  stddev: number | null;
  median: number | null;
  min: number;
  max: number;
  /** True when the source gave no range and `min`/`max` only repeat the mean (published figures). */
  rangeUnknown?: boolean;
  runs: number;
  samples: number[] | null;
  /** Divide the times by this for a per-operation figure (1 for whole-task workloads). */
  opsPerSample: number;
  fsType: string | null;
  note: string | null;
  /**
   * How a measured row's samples met each other (docs/methodology.md): `back-to-back`, as hyperfine
   * took the published figures, or `spaced`. Absent where it is not recorded: published figures
   * (their source says how they were taken) and another tool's export that does not say.
   */
  sampleMethod?: SampleMethod;
  /**
   * A bracketed sweep's drift for this backend and workload: how far its setting's two passes
   * (A B … B A, minutes apart across restarts) moved apart, as a factor ≥ 1 of their means.
   * A difference between two settings no larger than this is no measurable difference
   * (core/stats/pass-drift.ts). Absent for a single pass, a run, or published figures.
   */
  passDrift?: number;
  /**
   * A sweep's control measured in this row's setting, beside it (the host baseline, seconds per
   * operation): between two settings its ratio is the machine's own drift (core/sweep/control.ts).
   */
  control?: ControlFigure;
  /**
   * This backend was still racing when the race on this workload stopped without a verdict (at its
   * cap, or futile: core/stats/race.ts): the race, and the level it tested its last look at. Two
   * backends spent in one race are compared at that level, so no answer calls a difference the
   * race did not (core/stats/race-spent.ts).
   */
  raceSpent?: RaceSpent;
  /**
   * What the host processes serving this backend (its FUSE daemon, the engine's VM, a sync tool's
   * daemon) spent, mean CPU seconds a sample (result.serving). Absent where none were read.
   */
  hostCpu?: number;
}

/**
 * A race that stopped without a verdict on a backend (ComparisonRow.raceSpent): which race (its
 * run, workload and role), and the level its last look could call a pair of those left at
 * (the per-look level over the pairs left: Holm's strictest, so it calls nothing Holm did not).
 */
export interface RaceSpent {
  race: string;
  level: number;
}

export function workloadKey(id: string, workloadCase?: string | null): string {
  return workloadCase ? `${id}:${workloadCase}` : id;
}

/** Machine against machine, per backend and workload (core/compare/machine-ratios.ts). */
export interface MachineRatio {
  workloadKey: string;
  backendKey: string;
  backendLabel: string;
  /** `short`: the chip where known ("Apple M1 Pro"), else the label up to its first comma. */
  machine: { key: string; label: string; short: string };
  /** The machine the others are measured against: the first in the comparison. */
  reference: { key: string; label: string; short: string };
  /** machine's time ÷ reference's time, per operation where a sample is many. */
  ratio: number;
  /** 95 % interval of the ratio, or null when a side has no spread (published means only). */
  interval: { low: number; high: number } | null;
  basis: 'samples' | 'mean-sd-runs' | 'means-only';
}
