// The shape of the repository the git-status and code-search workloads lay, measured from a named
// public repository at a commit so that anyone can check it.
//
// The anchor is PostHog (~47,000 files, 589 MB), the checkout of Docker's Docker VMM performance
// checks. Its snapshot (9.4 GB with history) was over the size this project could fetch on
// 2026-12-03, so the *shape* was measured on Saleor instead: another Django + GraphQL monorepo of
// the same kind, whose mean file size (12.6 KB) happens to be PostHog's (589 MB / 47,000 = 12.5 KB).
// The anchor gives the file count and total bytes; Saleor gives how they are spread. How each figure
// was measured is in docs/workloads.md ("Repository shape"), with the commands.

export interface RepoShape {
  measuredOn: { repo: string; commit: string; commitDate: string; measured: string };
  anchor: { repo: string; files: number; bytes: number; source: string };
  /** Tracked files and their bytes at that commit (`git ls-tree -r -l HEAD`). */
  trackedFiles: number;
  trackedBytes: number;
  /**
   * Tracked files by how many folders they sit below the top: index 0 is the top folder itself.
   */
  filesByDepth: readonly number[];
  /** Distinct folders at each depth, index 0 being depth 1 (the top folder's children). */
  foldersByDepth: readonly number[];
  /** File size quantiles in bytes: [fraction, bytes at or below which that fraction of files lie]. */
  sizeQuantiles: readonly (readonly [number, number])[];
  /** Share of tracked files that are Python sources (the ones that get build output). */
  pythonShare: number;
  /**
   * The .gitignored build output of a working checkout: the `__pycache__/*.pyc` files Python writes
   * on import (`python3 -m compileall` of the tree), the `.gitignore` patterns' own build output.
   */
  ignored: { files: number; bytes: number; folders: number };
}

export const REPO_SHAPE: RepoShape = {
  measuredOn: {
    repo: 'saleor/saleor',
    commit: '723cd4eba87dfc72822ade45dc08a3caa548428d',
    commitDate: '2026-08-21',
    measured: '2026-12-03',
  },
  anchor: {
    repo: 'PostHog/posthog',
    files: 47_000,
    bytes: 589_000_000,
    source: 'docs.docker.com, Docker Desktop › Docker VMM › performance checks (issue 26)',
  },
  trackedFiles: 4_673,
  trackedBytes: 58_847_227,
  filesByDepth: [23, 25, 337, 2_093, 881, 1_038, 264, 12],
  foldersByDepth: [11, 45, 130, 162, 140, 20, 4],
  sizeQuantiles: [
    [0, 1],
    [0.1, 271],
    [0.25, 606],
    [0.5, 1_986],
    [0.75, 6_570],
    [0.9, 15_447],
    [0.95, 32_664],
    [0.99, 245_779],
    [1, 2_325_366],
  ],
  pythonShare: 4_338 / 4_673,
  ignored: { files: 4_327, bytes: 33_265_792, folders: 456 },
};
