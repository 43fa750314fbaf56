// `git status` in a large committed repository: the first status Docker's Docker VMM performance
// checks time in a PostHog checkout, and a warm repeat. The tree is laid from repo-shape.ts and
// committed untimed (git-repo-scripts.ts); a sample fails unless git says the tree is clean.
import { countWords, megabytes } from '../../shared/size-format';
import { fixtureSeconds } from './fixture-cost';
import { gitRepoFacts, gitRepoFixture, planGitRepo, type GitRepoParams } from './git-repo-fixture';
import { GIT_FUNCTION, gitStatusScript, prepareGitRepoScript } from './git-repo-scripts';
import type { WorkloadDefinition } from './workload';

function notCases(): never {
  throw new Error('git-status is measured by its cases');
}

/** Sizes shared with code-search: the anchor's 47,000 files, and ~2,000 for a first look and tests. */
export const GIT_REPO_SIZES: Record<'quick' | 'default', GitRepoParams> = {
  default: { files: 47_000, planted: 100, seed: 26 },
  quick: { files: 2_000, planted: 20, seed: 26 },
};

export function gitRepoSizeWords(params: GitRepoParams): string {
  const facts = gitRepoFacts(planGitRepo(params));
  return `${countWords(facts.trackedFiles)} tracked files (${megabytes(facts.trackedBytes)}) + ${countWords(facts.ignoredFiles)} ignored`;
}

export function gitRepoFixtureSeconds(params: GitRepoParams): number {
  const facts = gitRepoFacts(planGitRepo(params));
  // Laying, then `git add` reads and compresses every tracked byte once more.
  return fixtureSeconds(facts.trackedBytes * 2 + facts.ignoredBytes, facts.trackedFiles + facts.ignoredFiles);
}

export const gitStatus: WorkloadDefinition<GitRepoParams> = {
  id: 'git-status',
  title: 'git status',
  description:
    'git status in a committed repository shaped like PostHog (47,000 files): cold (index stat data unknown, every file read) and warm.',
  sizes: GIT_REPO_SIZES,
  sizeWords: gitRepoSizeWords,
  cost: (p) => {
    const facts = gitRepoFacts(planGitRepo(p));
    return {
      cases: 2,
      perExecution: facts.trackedBytes * 2e-8 + facts.trackedFiles * 1e-4,
      fixture: gitRepoFixtureSeconds(p),
    };
  },
  fixture: gitRepoFixture,
  needsTools: ['git'],
  verifyScript: prepareGitRepoScript,
  // git status refreshes .git/index when it can: the fixture changes, so each backend lays its own.
  writes: false,
  cases: () => [
    {
      // `git read-tree HEAD` rewrites the index with no stat data, as for a checkout whose index
      // was written on the other side of the share: the timed status must read and hash every
      // tracked file through the mount. With --cold-cache the engine's page cache is dropped too.
      id: 'cold',
      reset: `${GIT_FUNCTION}\ng read-tree HEAD`,
      script: gitStatusScript(),
      opsPerSample: 1,
      repeatable: false,
      derive: () => ({}),
    },
    {
      // The index is fresh (the previous status wrote it): status stats every file and walks
      // every folder for untracked ones, reading nothing.
      id: 'warm',
      script: gitStatusScript(),
      opsPerSample: 1,
      repeatable: false,
      derive: () => ({}),
    },
  ],
  script: notCases,
  derive: notCases,
};
