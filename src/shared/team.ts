// The team dataset as the API carries it (docs/team.md): what Publish shows and sends, and what a
// pull reads back. Plain data on both sides of the transport; the core builds it (core/team).
import type { RunFile } from './result-schema';

/** One run of the dataset: its machine, its dataset-relative file, the run as read and checked. */
export interface TeamRun {
  machineId: string;
  /** `machines/<machineId>/<runId>.json`. */
  file: string;
  run: RunFile;
}

/** A file of the dataset that was not read as a run, with why. */
export interface TeamRefusedFile {
  file: string;
  reason: string;
}

export interface TeamPublishRequest {
  /** A git URL, a local git repository, or a plain folder. */
  to: string;
  /** Null: the default branch, `mountbench-data`. */
  branch: string | null;
  runIds: string[];
  /** The machine's name in the dataset; null: none is shared. */
  label: string | null;
}

export interface TeamPublishPreview {
  /** Null before this machine's first publish. */
  machineId: string | null;
  /** Exactly the bytes each file will hold. */
  files: { path: string; runId: string; text: string }[];
}

export interface TeamPublishOutcome {
  dataset: string;
  branch: string | null;
  machineId: string;
  files: { path: string; runId: string; status: 'published' | 'already-published' }[];
  commit: string | null;
  attempts: number;
}

export interface TeamPullRequest {
  from: string;
  branch: string | null;
}

export interface TeamPullOutcome {
  dataset: string;
  branch: string | null;
  commit: string | null;
  machines: string[];
  runs: TeamRun[];
  refused: TeamRefusedFile[];
}
