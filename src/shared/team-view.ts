// What the Team page shows: a team's dataset (many machines' runs) analysed by the core
// (core/team/analyze-team.ts) and carried as plain data to the dashboard and the CLI.
import type { Role } from './roles';
import type { WinnerState } from './winner-state';

/**
 * Where a figure's product version came from: the product's own release as the run recorded it
 * (`engine.productVersion`), or, in runs that did not record one, the engine's version.
 */
export type VersionSource = 'product' | 'engine';

/** Apple silicon generation or CPU maker: "M1" (M1, M1 Pro, M1 Max… alike), "Intel", "other". */
export type ChipFamily = string;

/** A spread across machines, never a single bar: the five numbers and how many machines. */
export interface Distribution {
  /** Machines the figures came from (one figure per machine). */
  n: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
}

/** One machine's figure in a group: seconds per operation, from that machine's latest run. */
export interface SpreadPoint {
  machineId: string;
  seconds: number;
}

export interface SpreadGroup {
  /**
   * The chip family, or the product and its version: "docker-desktop 4.37.1", or
   * "docker-desktop engine 27.4.0" where the runs recorded only the engine's version.
   */
  key: string;
  distribution: Distribution;
  points: SpreadPoint[];
}

/** One workload (and case, and size) on one backend, across the team's machines. */
export interface WorkloadSpread {
  /** `id` or `id:case`. */
  workloadKey: string;
  size: string;
  backendKey: string;
  backendLabel: string;
  /** null for the host baseline, in no role. */
  role: Role | null;
  byChipFamily: SpreadGroup[];
  byProductVersion: SpreadGroup[];
}

export interface TeamMachine {
  machineId: string;
  chip: string;
  chipFamily: ChipFamily;
  cores: number;
  memoryBytes: number;
  os: string;
  /** Products measured on it, with versions ("docker-desktop 4.37.1", "docker-desktop engine 27.4.0"). */
  products: string[];
  runs: number;
}

/** Which setting won, per role, over machines: each machine's latest run, the Balanced profile. */
export interface WinnerCount {
  role: Role;
  label: string;
  /** decided: fastest measurably; tie: no measurable difference from the next (equivalent, within a sweep's drift, or within what a run or sweep could resolve); only: nothing to compare with. */
  state: WinnerState;
  machines: number;
  machineIds: string[];
}

export interface MachinesLikeYours {
  chipFamily: ChipFamily;
  /** The product your latest run used; null when this machine has no run (chip family only). */
  provider: string | null;
  machineIds: string[];
  winners: WinnerCount[];
}

export type ChangeSureness = 'most-machines' | 'some-machines' | 'one-machine';

/** One machine's evidence for a change: new release ÷ previous release, with its 95 % interval. */
export interface ChangeEvidence {
  machineId: string;
  ratio: number;
  low: number;
  high: number;
  /** The run before and the run after. */
  beforeRunId: string;
  afterRunId: string;
}

/**
 * A flagged change between two releases of one product on one backend and workload: the intervals
 * of the runs before and after did not overlap on `machines`. It is a claim and says how sure it is:
 * `machines.length` of `measuredBoth` machines saw it.
 */
export interface ReleaseChange {
  kind: 'regression' | 'improvement';
  /**
   * most-machines: seen on two or more machines and on more than half of those that measured both
   * releases; some-machines: on two or more, but not most; one-machine: on one only, which chance
   * alone does now and then when many workloads and machines are compared.
   */
  sure: ChangeSureness;
  provider: string;
  backendKey: string;
  backendLabel: string;
  workloadKey: string;
  size: string;
  fromVersion: string;
  toVersion: string;
  /** Whether both versions are the product's own releases or, in older runs, the engine's. */
  versionSource: VersionSource;
  machines: ChangeEvidence[];
  /** Machines measured on both releases (the same machine before and after). */
  measuredBoth: number;
  /** The median of the machines' ratios. */
  medianRatio: number;
}

/** One machine's figure on one release: its latest run there, seconds per operation. */
export interface TrendPoint {
  version: string;
  /** The mean per operation, the figure release changes compare. */
  seconds: number;
  /** The 95 % interval of that mean (null below two samples). */
  low: number | null;
  high: number | null;
  runId: string;
  /** Set when this release's change from the machine's previous one was flagged. */
  flag: ReleaseChange['kind'] | null;
}

/** One machine across releases: only machines measured on more than one release have a line. */
export interface TrendLine {
  machineId: string;
  /** In release order (as versions: 27.10.0 after 27.9.1). */
  points: TrendPoint[];
}

/** One product, backend (variant and mount) and workload (and size) over the product's releases. */
export interface TeamTrend {
  provider: string;
  /** Whether `versions` are the product's own releases or its engine's versions. */
  versionSource: VersionSource;
  backendKey: string;
  backendLabel: string;
  role: Role | null;
  workloadKey: string;
  size: string;
  /** Every release any line has a point on, in version order: the x axis. */
  versions: string[];
  lines: TrendLine[];
  /** Machines with a line that were left out to keep the chart readable (flagged ones are kept first). */
  machinesLeftOut: number;
}

/** A series not shown, so the page can say what it left out. */
export interface TrendLeftOut {
  provider: string;
  backendLabel: string;
  workloadKey: string;
  size: string;
  machines: number;
}

export interface TeamTrends {
  series: TeamTrend[];
  /** The first series left out, named (at most 50). */
  leftOut: TrendLeftOut[];
  /** How many series were left out in all. */
  leftOutCount: number;
}

export interface TeamAnalysis {
  runs: number;
  machines: TeamMachine[];
  spreads: WorkloadSpread[];
  winners: WinnerCount[];
  likeYours: MachinesLikeYours | null;
  changes: ReleaseChange[];
  /** Figures over releases on the same machines, bounded (team-trend.ts). */
  trends: TeamTrends;
}

export interface TeamRefusedFile {
  file: string;
  reason: string;
}

/** `team.view(folder)`: the analysis and every file of the dataset that was refused, by name. */
export interface TeamView {
  folder: string;
  analysis: TeamAnalysis;
  refused: TeamRefusedFile[];
}
