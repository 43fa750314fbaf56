// Kinds of project: what a developer on each waits for, as a set of workloads to run and the
// profile that weighs them. Setup offers the kind the user's project looks like (the core's
// project inspection says which and why, core/project/project-kind.ts); the CLI takes
// `--project-kind`. A kind never adds a workload the core does not offer: `kindWorkloads` keeps
// only the ones listed, so a dashboard and a core of different versions still agree.
import type { WorkloadId } from './ids';

export interface ProjectKind {
  id: ProjectKindId;
  label: string;
  /** One sentence: what this kind of project spends its disk time on. */
  description: string;
  /** The workloads run for it, the most telling first. */
  workloads: readonly WorkloadId[];
  /** The built-in profile (core/recommend/profiles.ts) its recommendation is weighed with. */
  profile: string;
}

export const PROJECT_KIND_IDS = ['node-frontend', 'php-rails', 'monorepo'] as const;
export type ProjectKindId = (typeof PROJECT_KIND_IDS)[number];

export const PROJECT_KINDS: Record<ProjectKindId, ProjectKind> = {
  'node-frontend': {
    id: 'node-frontend',
    label: 'Node front end',
    description: 'npm install in each layout, a dev server reloading a page, git status, the edit loop',
    workloads: ['npm-install', 'page-reload', 'git-status', 'sync-latency', 'small-file-read'],
    profile: 'node-frontend',
  },
  'php-rails': {
    id: 'php-rails',
    label: 'PHP or Rails app',
    description: 'a page reload that stats and reads hundreds of files, the autoloader walk, the edit loop',
    workloads: ['page-reload', 'metadata-walk', 'small-file-read', 'sync-latency', 'dd-write'],
    profile: 'rails-php',
  },
  monorepo: {
    id: 'monorepo',
    label: 'Big monorepo',
    description: 'git status and code search on a large tree, four containers reading at once, random I/O',
    workloads: ['git-status', 'code-search', 'parallel-read', 'random-io', 'metadata-walk'],
    profile: 'monorepo',
  },
};

/** Its workloads that `offered` has (the core's list), in the kind's order. */
export function kindWorkloads(kind: ProjectKindId, offered: readonly string[]): WorkloadId[] {
  return PROJECT_KINDS[kind].workloads.filter((id) => offered.includes(id));
}
