// A first text search of a large repository, as Docker's Docker VMM performance checks time one:
// `git grep` over the tracked files, and plain `grep -r` over the whole working tree (build output
// included) for editors and tools that do not use git. The generator plants a string a known number
// of times; a sample fails unless the count comes back exactly.
import { gitRepoFacts, gitRepoFixture, planGitRepo, type GitRepoParams } from './git-repo-fixture';
import { gitGrepScript, grepRecursiveScript, prepareGitRepoScript } from './git-repo-scripts';
import { GIT_REPO_SIZES, gitRepoFixtureSeconds, gitRepoSizeWords } from './git-status';
import type { WorkloadDefinition } from './workload';

function notCases(): never {
  throw new Error('code-search is measured by its cases');
}

export const codeSearch: WorkloadDefinition<GitRepoParams> = {
  id: 'code-search',
  title: 'Code search',
  description:
    'git grep and grep -r for a string planted a known number of times in a PostHog-shaped repository.',
  sizes: GIT_REPO_SIZES,
  sizeWords: gitRepoSizeWords,
  cost: (p) => {
    const facts = gitRepoFacts(planGitRepo(p));
    return {
      cases: 2,
      perExecution: (facts.trackedBytes + facts.ignoredBytes / 2) * 2e-8 + facts.trackedFiles * 1e-4,
      fixture: gitRepoFixtureSeconds(p),
    };
  },
  fixture: gitRepoFixture,
  needsTools: ['git'],
  // git grep and grep -r only read: git grep reads the index but never refreshes or writes it
  // (checked on bind, FUSE and the host: no byte, size or time of the tree or .git changes). So
  // the run lays one host copy for every bind backend; the first backend's preparation commits it,
  // and the others' only check it (prepareGitRepoScript). git-status is not: status refreshes the
  // index, and its cold case rewrites it.
  readsOnly: true,
  verifyScript: prepareGitRepoScript,
  cases: (p) => [
    {
      id: 'git-grep',
      script: gitGrepScript(p.planted),
      opsPerSample: 1,
      repeatable: true,
      derive: () => ({}),
    },
    {
      id: 'grep-r',
      script: grepRecursiveScript(p.planted),
      opsPerSample: 1,
      repeatable: true,
      derive: () => ({}),
    },
  ],
  script: notCases,
  derive: notCases,
};
