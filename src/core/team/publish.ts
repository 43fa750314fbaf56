// `mountbench publish` and the dashboard's Publish: the shared copy of each run (sanitize-run.ts),
// checked once more for anything identifying (leak-check.ts), placed at the machine's path in the
// dataset, and sent: committed and pushed to a git remote, or written into a plain folder.
import { promises as fs } from 'node:fs';
import { MountbenchError } from '../../shared/errors';
import { findControlCharacter } from '../../shared/printable';
import type { RunFile } from '../../shared/result-schema';
import { runFileJson } from '../store/run-json';
import { parseRunFileText } from '../store/parse-run-file';
import { MACHINES_DIR, MAX_DATASET_FILE_BYTES, runPath } from './dataset-layout';
import { findLeak, identifyingStrings, thisMachine, type IdentityFacts } from './leak-check';
import { machineIdFor, readMachineId } from './machine-id';
import { placeRunFiles, type PlaceStatus } from './place-run-files';
import { publishToGit, type GitPublishRequest } from './publish-git';
import { checkBranch, cloneFolder, DEFAULT_BRANCH, resolveRemote, shownRemote } from './remote';
import { sanitizeRun } from './sanitize-run';

export interface SharedFile {
  /** Dataset-relative path; `<new>` stands for the machine id a first publish will make. */
  path: string;
  runId: string;
  /** Exactly the bytes that are sent. */
  text: string;
}

export interface PublishPreview {
  /** Null before this machine's first publish. */
  machineId: string | null;
  files: SharedFile[];
}

export interface PreviewRequest {
  runs: readonly RunFile[];
  label?: string;
  dataDirectory: string;
  /** This machine's host and user names (tests plant their own). */
  identity?: IdentityFacts;
}

const NEW_MACHINE = 'm-0000000000000000';

/** The shared copy of one run as its file's text, or why it cannot be shared. */
export function sharedText(run: RunFile, label: string | undefined, identity: IdentityFacts): string {
  const shared = sanitizeRun(run, { label });
  const text = runFileJson(shared);
  // What is sent must read back as a run, within what a dataset reader takes.
  parseRunFileText(text, `shared copy of run ${run.id}`);
  if (Buffer.byteLength(text) > MAX_DATASET_FILE_BYTES)
    throw new MountbenchError(
      'FILE_INVALID',
      `run ${run.id}'s shared copy is over the ${MAX_DATASET_FILE_BYTES / 1024 / 1024} MB a dataset file may be; it was not shared`,
    );
  // Labels are printed by every reader of the dataset: refused here as an import refuses them.
  const control = findControlCharacter(shared);
  if (control !== null)
    throw new MountbenchError(
      'FILE_INVALID',
      `run ${run.id} was not shared: ${control}, a control character no label may hold`,
    );
  const skip = new Set(label ? ['machine.label'] : []);
  const leak = findLeak(JSON.parse(text), identifyingStrings(run, identity), skip);
  if (leak)
    throw new MountbenchError(
      'FILE_INVALID',
      `run ${run.id} was not shared: its shared copy would still say who or where it ran (${leak}). ` +
        'Nothing was sent; please report this as a bug.',
    );
  return text;
}

export async function previewPublish(request: PreviewRequest): Promise<PublishPreview> {
  const identity = request.identity ?? thisMachine();
  const machineId = await readMachineId(request.dataDirectory);
  const ids = new Set<string>();
  const files = request.runs.map((run) => {
    if (ids.has(run.id)) throw new MountbenchError('BAD_INPUT', `run ${run.id} is given twice`);
    ids.add(run.id);
    const text = sharedText(run, request.label, identity);
    const where = runPath(machineId ?? NEW_MACHINE, run.id);
    return { path: machineId ? where : where.replace(NEW_MACHINE, '<new>'), runId: run.id, text };
  });
  return { machineId, files };
}

export interface PublishRequest extends PreviewRequest {
  /** `--to`: a git URL, a local repository or a plain folder. */
  to: string;
  branch?: string;
  cacheDirectory: string;
  cwd?: string;
  signal?: AbortSignal;
  backoffMs?: GitPublishRequest['backoffMs'];
}

export interface PublishOutcome {
  /** The dataset as shown to the user (a URL's password masked). */
  dataset: string;
  /** Null for a plain folder. */
  branch: string | null;
  machineId: string;
  files: { path: string; runId: string; status: PlaceStatus }[];
  commit: string | null;
  attempts: number;
}

/** A plain folder is a dataset only when it is empty or already one: never a user's home or project. */
async function checkPlainFolder(folder: string): Promise<void> {
  const names = (await fs.readdir(folder)).filter((n) => n !== '.DS_Store');
  if (names.length === 0 || names.includes(MACHINES_DIR)) return;
  throw new MountbenchError(
    'BAD_INPUT',
    `${folder} is neither empty nor a Mountbench dataset (it has no ${MACHINES_DIR} folder); nothing was written. ` +
      'Give an empty folder, a git repository, or a git URL.',
  );
}

export async function publish(request: PublishRequest): Promise<PublishOutcome> {
  if (request.runs.length === 0)
    throw new MountbenchError('BAD_INPUT', 'nothing to publish: give run ids or run files');
  const remote = await resolveRemote(request.to, request.cwd);
  const branch = remote.kind === 'git' ? checkBranch(request.branch ?? DEFAULT_BRANCH) : null;
  if (remote.kind === 'folder' && request.branch !== undefined)
    throw new MountbenchError(
      'BAD_INPUT',
      `${remote.folder} is a plain folder, not a git repository: --branch means nothing there`,
    );
  if (remote.kind === 'folder') await checkPlainFolder(remote.folder);
  // Every shared copy is made and checked before the machine id is made or anything is sent.
  await previewPublish(request);
  const machineId = await machineIdFor(request.dataDirectory);
  const identity = request.identity ?? thisMachine();
  const files = request.runs.map((run) => ({
    path: runPath(machineId, run.id),
    runId: run.id,
    text: sharedText(run, request.label, identity),
  }));
  if (remote.kind === 'folder') {
    const statuses = await placeRunFiles(remote.folder, files);
    return {
      dataset: shownRemote(remote),
      branch: null,
      machineId,
      files: files.map((f, i) => ({ path: f.path, runId: f.runId, status: statuses[i] })),
      commit: null,
      attempts: 0,
    };
  }
  const ids = files.map((f) => f.runId);
  const outcome = await publishToGit({
    url: remote.url,
    branch: branch!,
    clone: cloneFolder(request.cacheDirectory, remote.url, branch!),
    files,
    message:
      ids.length === 1
        ? `Add run ${ids[0]} from ${machineId}`
        : `Add ${ids.length} runs from ${machineId}\n\n${ids.map((id) => `- ${id}`).join('\n')}\n`,
    signal: request.signal,
    backoffMs: request.backoffMs,
  });
  return {
    dataset: shownRemote(remote),
    branch,
    machineId,
    files: files.map((f, i) => ({ path: f.path, runId: f.runId, status: outcome.statuses[i] })),
    commit: outcome.commit,
    attempts: outcome.attempts,
  };
}
