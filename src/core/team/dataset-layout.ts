// The shape of a team dataset: a folder (usually a git checkout) holding nothing but runs, one file
// per run under a folder per machine, `machines/<machineId>/<runId>.json`. Ids are checked with
// strict patterns, so a path built from them cannot leave the dataset and a path read from the
// dataset either matches the layout exactly or is refused by name.
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** The one top-level folder a dataset has. */
export const MACHINES_DIR = 'machines';

/** A machine id: `m-` and 16 lowercase hex digits, random, made once per data folder. */
export const MACHINE_ID_PATTERN = /^m-[0-9a-f]{16}$/;

/** The result schema's own rule for run ids (result-schema.ts), anchored. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9-]{1,100}$/;

const RUN_FILE_SUFFIX = '.json';

/**
 * A dataset run file is a sanitized run (sanitize-run.ts): tens of kilobytes. The store allows
 * 50 MB for a local run with every sample kept; a shared dataset is read on every pull from files
 * anyone on the team could have pushed, so it allows much less.
 */
export const MAX_DATASET_FILE_BYTES = 5 * 1024 * 1024;

/** Bounds on the walk: a dataset of 50 machines × 1,000 runs fits well inside them. */
export const MAX_DATASET_FILES = 100_000;
export const MAX_DATASET_BYTES = 2 * 1024 * 1024 * 1024;

export function isMachineId(value: string): boolean {
  return MACHINE_ID_PATTERN.test(value);
}

export function isRunId(value: string): boolean {
  return RUN_ID_PATTERN.test(value);
}

export function newMachineId(): string {
  return `m-${randomBytes(8).toString('hex')}`;
}

/** The dataset-relative path of a run, always with `/` (it is also a path inside a git tree). */
export function runPath(machineId: string, runId: string): string {
  if (!isMachineId(machineId)) throw new Error(`not a machine id: ${JSON.stringify(machineId)}`);
  if (!isRunId(runId)) throw new Error(`not a run id: ${JSON.stringify(runId)}`);
  return `${MACHINES_DIR}/${machineId}/${runId}${RUN_FILE_SUFFIX}`;
}

/** The absolute path of a run inside a dataset folder. */
export function runFilePath(root: string, machineId: string, runId: string): string {
  return path.join(root, ...runPath(machineId, runId).split('/'));
}

export type ParsedRunPath = { machineId: string; runId: string } | { reason: string };

/** What a dataset-relative path (`/`-separated) is: a run's place, or why it is not one. */
export function parseRunPath(relative: string): ParsedRunPath {
  const parts = relative.split('/');
  if (parts[0] !== MACHINES_DIR)
    return { reason: `not part of the dataset layout (only ${MACHINES_DIR}/<machine-id>/<run-id>.json)` };
  if (parts.length !== 3)
    return { reason: `not at ${MACHINES_DIR}/<machine-id>/<run-id>.json (wrong depth)` };
  const [, machineId, name] = parts;
  if (!isMachineId(machineId)) return { reason: `"${machineId}" is not a machine id (m- and 16 hex digits)` };
  if (!name.endsWith(RUN_FILE_SUFFIX)) return { reason: 'not a .json run file' };
  const runId = name.slice(0, -RUN_FILE_SUFFIX.length);
  if (!isRunId(runId)) return { reason: `"${runId}" is not a run id (letters, digits and "-")` };
  return { machineId, runId };
}
