// `mountbench team pull` and the Team page's source: the dataset fetched into the cached clone (or
// read where it is, for a plain folder) and read back with every file checked (read-dataset.ts).
import { readDataset, type Dataset, type ReadDatasetOptions } from './read-dataset';
import { ensureClone, fetchBranch, headCommit, resetToRemote } from './dataset-clone';
import { withDirLock } from './dir-lock';
import { checkBranch, cloneFolder, DEFAULT_BRANCH, resolveRemote, shownRemote } from './remote';
import { MountbenchError } from '../../shared/errors';

export interface PullRequest {
  from: string;
  branch?: string;
  cacheDirectory: string;
  cwd?: string;
  signal?: AbortSignal;
  read?: ReadDatasetOptions;
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
    const dataset = await readDataset(remote.folder, { signal: request.signal, ...request.read });
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
      const dataset = await readDataset(clone, { signal: request.signal, ...request.read });
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
