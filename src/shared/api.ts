// The one typed API of Mountbench. Transports (Electron IPC, the `serve` WebSocket) implement it
// from the call table in api-calls.ts; the renderer and the CLI call it. Channels are `domain:action`.
import type { TeamView } from './team-view';
import type { WinnerState } from './winner-state';
import type { WorkloadCost } from './estimate';
import type { ComparisonRow, MachineRatio } from './comparison';
import type { DiscoveredEngine, EngineFsSeen } from './engine';
import type { MountKind, ProviderId, SizeName, WorkloadId } from './ids';
import type { ProjectInspection } from './project';
import type { PassDrift, Recommendation } from './recommendation';
import type { Role } from './roles';
import type { MachineInfo, RunFile } from './result-schema';
import type { ActiveJob, JobEvent, JobRequest } from './jobs';
import type {
  TeamPublishOutcome,
  TeamPublishPreview,
  TeamPublishRequest,
  TeamPullOutcome,
  TeamPullRequest,
} from './team';
import type { ApplyProposal, ProviderSummary, SweepProposalView, SweepRequest } from './sweep';

export const EXPORT_FORMATS = ['json', 'hyperfine', 'csv', 'markdown'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface AppInfo {
  version: string;
  machine: MachineInfo;
  /** How this dashboard reaches the core. */
  transport: 'ipc' | 'websocket';
  /** Where results are stored, for the user to find them. */
  resultsDir: string;
  /** What the user must be told at start, e.g. settings put back after a crashed sweep. */
  notices?: string[];
}

export interface WorkloadInfo {
  id: WorkloadId;
  title: string;
  description: string;
  sizes: Record<SizeName, Record<string, number | string | boolean>>;
  /** Each size in the workload's own words. */
  sizeWords: Record<SizeName, string>;
  /** What one execution of each size roughly costs, in the workload's own estimate. */
  cost: Record<SizeName, WorkloadCost>;
  /** Mounts it cannot run on, with why (sync-latency on a named volume). */
  unsupported: Partial<Record<MountKind, string>>;
}

/** Whether a mount can be measured here (the sync mounts need their tool on PATH). */
export interface MountInfo {
  mount: MountKind;
  available: boolean;
  /** Why not, in words; null when available. */
  reason: string | null;
}

/** A stored run in a list: enough to show and pick it, without its samples. */
export interface RunSummary {
  id: string;
  createdAt: string;
  status: RunFile['status'];
  machineLabel: string;
  engineName: string | null;
  backends: string[];
  workloads: WorkloadId[];
  resultCount: number;
  errorCount: number;
  /** When it ended, for its duration (absent in summaries cached by older versions). */
  finishedAt?: string;
  /** The fixture sizes it ran (one, unless the file was put together by hand). */
  sizes?: SizeName[];
  /** The Balanced profile's answer, worded as the Results verdict strip words it; null: none. */
  winner?: RunWinner | null;
  /** Which machine it ran on (a digest of what the machine is), to tell other machines' runs apart. */
  machineKey?: string;
  /** Set when Mountbench did not measure it itself. */
  origin?: 'hyperfine';
  /** Set by the list when the run was not measured here: a hyperfine export or another machine's file. */
  imported?: 'hyperfine' | 'another machine';
}

/**
 * `decided`: measurably the fastest of its role; `only`: the only backend measured for its role
 * (nothing rivalled it: not "the fastest"); `tie`: equivalent within the margin, the simplest is named;
 * `undecided`: it leads, but the figures do not settle it yet.
 */
export type { WinnerState } from './winner-state';

/** One role's answer, as History words it. */
export interface RoleWinner {
  role: Role;
  state: WinnerState;
  label: string;
  /**
   * A tie only: the settings differed by no more than the machine drifted between them, not
   * within the equivalence margin, so the list must not call them equivalent.
   */
  drift?: WinnerDrift;
  /**
   * A tie only, between a sweep's settings: the difference the sweep could still not see (1.18:
   * under about 18 %; RoleAnswer.resolution), so the list must not call them equivalent either.
   */
  resolution?: number;
  /** `race`: that resolution is a run's race's, left undecided at its end (SweepResolution.by). */
  resolvedBy?: 'race';
}

/** How far the machine drifted between a sweep's settings, and what measured it. */
export type WinnerDrift = Pick<PassDrift, 'factor' | 'source'>;

/**
 * The run's answer: `state` and `label` are the main role's (the source tree whenever a bind mount
 * or sync tool was measured), `roles` every measured role's, the main one first. Summaries cached
 * before roles have no `roles` and never say `only`.
 */
export interface RunWinner {
  state: WinnerState;
  label: string;
  roles?: RoleWinner[];
}

export interface ExportedFile {
  fileName: string;
  mimeType: string;
  text: string;
}

export interface ImportedRun {
  id: string;
  status: 'imported' | 'already-imported';
}

/** What a hyperfine export does not record, asked for by the dashboard's import form (docs/cli.md). */
export interface HyperfineImportDetails {
  /** The setup the times were taken on, in the user's words. */
  backendLabel: string;
  workload: WorkloadId;
  size: SizeName;
  mount: MountKind;
  fsType: string | null;
  /** A name for the machine (this one); null for none. */
  machineLabel: string | null;
  /** Which benchmark of the file (1-based) when it holds several; null when it holds one. */
  result: number | null;
}

export interface MountbenchApi {
  app: {
    info(): Promise<AppInfo>;
  };
  engines: {
    list(): Promise<DiscoveredEngine[]>;
    /** The filesystem a bind mount on this engine lands on, seen in a throwaway container. */
    fsSeen(engineName: string): Promise<EngineFsSeen>;
  };
  workloads: {
    list(): Promise<WorkloadInfo[]>;
  };
  mounts: {
    list(): Promise<MountInfo[]>;
  };
  /** "My project": a folder of the user's, checked and inspected for what it declares. */
  projects: {
    /** A typed folder (under home, or picked in the dialog this session), checked and inspected. */
    inspect(folder: string): Promise<ProjectInspection>;
    /** The system folder dialog (desktop app only); null when the user cancels it. */
    pick(): Promise<ProjectInspection | null>;
    /** Folders inspected before, newest first, that still pass the checks. */
    recent(): Promise<string[]>;
  };
  /**
   * Long work, one envelope for every kind (shared/jobs.ts): a run, a sweep of a product's
   * settings, or an apply of one. Only one job runs at a time, whatever its kind.
   */
  jobs: {
    /**
     * Checks and plans the job, then starts it and returns at once with its id (before its first
     * event). Refused (BUSY) while any job is in progress; refusals of the request itself (a bad
     * settings file, a product not installed) come here too, before anything changes.
     */
    start(request: JobRequest): Promise<{ jobId: string }>;
    /** Stops the job: resolves once it has cleaned up (a sweep or an apply: settings put back). */
    cancel(jobId: string): Promise<void>;
    /** Jobs in progress (a reloaded dashboard rejoins them). */
    active(): Promise<ActiveJob[]>;
    /** Every job's events, each naming its job and kind; a kind's end event is its job's last. */
    onEvent(listener: (event: JobEvent) => void, options: { signal: AbortSignal }): void;
  };
  providers: {
    /** Every product Mountbench knows: installed or not, its current setting, its variants. */
    list(): Promise<ProviderSummary[]>;
    /** The dry run of "Apply this setting": reads only. */
    planApply(provider: ProviderId, variant: string): Promise<ApplyProposal>;
  };
  sweeps: {
    /** The dry run of a sweep: what restarts, which containers stop. Reads only. */
    propose(request: SweepRequest): Promise<SweepProposalView>;
  };
  results: {
    list(): Promise<RunSummary[]>;
    get(runId: string): Promise<RunFile>;
    delete(runId: string): Promise<void>;
    /** A file the user picked: its name (for messages) and its text, validated before it is stored. */
    import(fileName: string, text: string): Promise<ImportedRun>;
    /** A hyperfine JSON export, stored as a run of this machine marked "imported from hyperfine". */
    importHyperfine(
      file: { name: string; lastModified: number },
      text: string,
      details: HyperfineImportDetails,
    ): Promise<ImportedRun>;
    export(runId: string, format: ExportFormat): Promise<ExportedFile>;
    /** The published figures that ship with the app. */
    published(): Promise<ComparisonRow[]>;
    /** Stored runs as comparison rows, for charts and side-by-side tables. */
    rows(runIds: string[]): Promise<ComparisonRow[]>;
    /**
     * Machine against machine over these runs and published machines (the rows Compare shows, in
     * its order): per backend and workload, each machine's time over the first machine's.
     */
    machineRatios(runIds: string[], publishedMachineKeys: string[]): Promise<MachineRatio[]>;
  };
  recommend: {
    /** One recommendation per machine over the given runs (and the published figures if asked). */
    forRuns(runIds: string[], profile: string, includePublished: boolean): Promise<Recommendation[]>;
  };
  /** The team's dataset (docs/team.md). */
  team: {
    /** Exactly what Publish would send for these stored runs; sends nothing. */
    publishPreview(request: { runIds: string[]; label: string | null }): Promise<TeamPublishPreview>;
    /** Sends the shared copies of stored runs to the dataset (git push, or a plain folder). */
    publish(request: TeamPublishRequest): Promise<TeamPublishOutcome>;
    /** Fetches the dataset and reads every run in it; refused files are named, not fatal. */
    pull(request: TeamPullRequest): Promise<TeamPullOutcome>;
    /**
     * A dataset folder (the clone `team pull` keeps, or any folder in the layout) read like an
     * import and analysed: the spread, the winners, machines like yours, changes between releases;
     * every refused file named. Reads only.
     */
    view(folder: string): Promise<TeamView>;
  };
}
