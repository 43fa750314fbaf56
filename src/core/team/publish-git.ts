// Publishing to a git remote: fetch into the cached clone, add the run files, commit, push. Many
// machines publish to one branch, so a push is often rejected because another got there first:
// then fetch again, rebase the one commit (it only adds files in this machine's folder, so it
// replays cleanly) and push again, a bounded number of times with a growing, jittered wait so
// publishers that collided do not collide again in step.
import { MountbenchError } from '../../shared/errors';
import { git, GIT_NETWORK_TIMEOUT_MS, GitFailed } from './git';
import { ensureClone, fetchBranch, headCommit, resetToRemote } from './dataset-clone';
import { withDirLock } from './dir-lock';
import { placeRunFiles, type PlaceStatus, type RunFileToPlace } from './place-run-files';

export const MAX_PUSH_ATTEMPTS = 10;

export interface GitPublishRequest {
  url: string;
  branch: string;
  clone: string;
  files: readonly RunFileToPlace[];
  message: string;
  signal?: AbortSignal;
  /** The wait before attempt n (n ≥ 2), in ms; tests may shorten it. */
  backoffMs?: (attempt: number) => number;
}

export interface GitPublishOutcome {
  statuses: PlaceStatus[];
  /** The commit pushed, or null when every file was in the dataset already. */
  commit: string | null;
  attempts: number;
}

/** Errors a retry can cure: the branch moved under the push. Anything else (auth, no such repo) is final. */
const REJECTED =
  /rejected|non-fast-forward|fetch first|cannot lock ref|failed to update ref|incorrect old value|stale info/i;

function defaultBackoff(attempt: number): number {
  return Math.min(4000, 100 * 2 ** (attempt - 2)) * (0.5 + Math.random());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes the files on top of the remote's tip and commits them; null when nothing was new. */
async function commitOnTip(
  request: GitPublishRequest,
  remoteHasBranch: boolean,
): Promise<{ statuses: PlaceStatus[]; committed: boolean }> {
  const { clone, files } = request;
  await resetToRemote(clone, request.branch, remoteHasBranch);
  const statuses = await placeRunFiles(clone, files);
  const added = files.filter((_, i) => statuses[i] === 'published').map((f) => f.path);
  if (added.length === 0) return { statuses, committed: false };
  await git(['add', '--', ...added], { cwd: clone });
  await git(['commit', '-q', '--no-verify', '-m', request.message], { cwd: clone });
  return { statuses, committed: true };
}

export async function publishToGit(request: GitPublishRequest): Promise<GitPublishOutcome> {
  const { clone, branch, signal } = request;
  const backoff = request.backoffMs ?? defaultBackoff;
  return withDirLock(
    `${clone}.lock`,
    async () => {
      await ensureClone(clone, request.url, { signal });
      let { statuses, committed } = await commitOnTip(request, await fetchBranch(clone, branch, { signal }));
      if (!committed) return { statuses, commit: null, attempts: 0 };
      for (let attempt = 1; ; attempt += 1) {
        signal?.throwIfAborted();
        try {
          await git(['push', '-q', 'origin', `HEAD:refs/heads/${branch}`], {
            cwd: clone,
            timeoutMs: GIT_NETWORK_TIMEOUT_MS,
            signal,
          });
          return { statuses, commit: await headCommit(clone), attempts: attempt };
        } catch (err) {
          if (!(err instanceof GitFailed) || !REJECTED.test(err.stderr)) throw err;
          if (attempt >= MAX_PUSH_ATTEMPTS)
            throw new MountbenchError(
              'IO',
              `the dataset's branch ${branch} kept moving: ${attempt} pushes were rejected; nothing was lost, try again later`,
              { cause: err },
            );
        }
        await sleep(backoff(attempt + 1));
        const remoteHasBranch = await fetchBranch(clone, branch, { signal });
        const rebased =
          remoteHasBranch &&
          (await git(['rebase', '-q', `refs/remotes/origin/${branch}`], { cwd: clone }).then(
            () => true,
            () => false,
          ));
        if (!rebased) {
          // A conflict (someone published a file at one of these paths) or a branch that vanished:
          // start again from the remote's tip, where a file with other content is refused by name.
          ({ statuses, committed } = await commitOnTip(request, remoteHasBranch));
          if (!committed) return { statuses, commit: null, attempts: attempt };
        }
      }
    },
    signal,
  );
}
