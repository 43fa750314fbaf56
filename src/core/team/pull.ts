// `mountbench team pull` and the Team page's source: the dataset fetched into the cached clone (or
// read where it is, for a plain folder) and read back with every file checked (read-dataset.ts).
import { realpath } from 'node:fs/promises';
import { readDataset, type Dataset, type ReadDatasetOptions } from './read-dataset';
import { ensureClone, fetchBranch, headCommit, resetToRemote } from './dataset-clone';
import { withDirLock } from './dir-lock';
import { checkBranch, cloneFolder, DEFAULT_BRANCH, resolveRemote, shownRemote } from './remote';
import { MountbenchError } from '../../shared/errors';
import { fingerprintOrNull, saveDatasetView, type ViewCacheLocation } from './view-cache';

/**
 * Reads the dataset and, with a view cache, saves the Team page's view of it, so the page opens
 * on what was pulled without reading it again. The view is keyed by the folder's real path, as
 * the page names it.
 */
async function readAndSave(folder: string, request: PullRequest): Promise<Dataset> {
  const read = { signal: request.signal, ...request.read };
  const where = request.viewCache;
  if (where === undefined) return readDataset(folder, read);
  const real = await realpath(folder).catch(() => folder);
  const fingerprint = await fingerprintOrNull(real, read);
  const dataset = await readDataset(real, read);
  await saveDatasetView(where, real, fingerprint, dataset);
  return dataset;
}

export interface PullRequest {
  from: string;
  branch?: string;
  cacheDirectory: string;
  cwd?: string;
  signal?: AbortSignal;
  read?: ReadDatasetOptions;
  /** Where the Team page's views are saved: the view of what was read is saved for its next open. */
  viewCache?: ViewCacheLocation;
}

export interface PullOutcome extends Dataset {
  dataset: string;
  branch: string | null;
  /** Where the dataset was read: the clone in the cache, or the plain folder itself. */
  folder: string;
  /** The commit read, or null (a plain folder, or a branch with no commit yet). */
  commit: string | null;
  /** Distinct machine ids among the runs. */
  machines: string[];
}

export async function pull(request: PullRequest): Promise<PullOutcome> {
  const remote = await resolveRemote(request.from, request.cwd);
  const summary = (dataset: Dataset) => [...new Set(dataset.runs.map((r) => r.machineId))].sort();
  if (remote.kind === 'folder') {
    if (request.branch !== undefined)
      throw new MountbenchError(
        'BAD_INPUT',
        `${remote.folder} is a plain folder, not a git repository: --branch means nothing there`,
      );
    const dataset = await readAndSave(remote.folder, request);
    return {
      ...dataset,
      dataset: shownRemote(remote),
      branch: null,
      folder: remote.folder,
      commit: null,
      machines: summary(dataset),
    };
  }
  const branch = checkBranch(request.branch ?? DEFAULT_BRANCH);
  const clone = cloneFolder(request.cacheDirectory, remote.url, branch);
  return withDirLock(
    `${clone}.lock`,
    async () => {
      await ensureClone(clone, remote.url, { signal: request.signal });
      const exists = await fetchBranch(clone, branch, { signal: request.signal });
      if (!exists)
        throw new MountbenchError(
          'BAD_INPUT',
          `${shownRemote(remote)} has no branch ${branch}: nothing has been published there yet (or give --branch)`,
        );
      await resetToRemote(clone, branch, true);
      const dataset = await readAndSave(clone, request);
      return {
        ...dataset,
        dataset: shownRemote(remote),
        branch,
        folder: clone,
        commit: await headCommit(clone),
        machines: summary(dataset),
      };
    },
    request.signal,
  );
}
