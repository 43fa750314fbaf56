// Workload profiles: what a kind of project spends its disk time on, as weights over workload keys.
// The weights are relative (only their proportions matter) and deliberately coarse: they say which
// workloads dominate, not a measured mix. Each weight's reason is beside it.
import { MountbenchError } from '../../shared/errors';
import type { Profile } from '../../shared/recommendation';
import { customProfile, parseWeights } from './custom-weights';

export const BUILT_IN_PROFILES: readonly Profile[] = [
  {
    id: 'rails-php',
    label: 'Rails/PHP app',
    description: 'an interpreted web app: boot and every request walk and read many small files',
    weights: {
      // Autoloaders (Zeitwerk, Composer, bootsnap) stat thousands of paths, most of them misses,
      // at boot and on every reload in development: the cost users feel first.
      'metadata-walk': 3,
      // Then they read those many small source, view and vendor files whole.
      'small-file-read': 3,
      // The edit-reload loop: the code reloader or a watcher must see a saved file quickly.
      'sync-latency': 2,
      // A page reload in development mode stats and reads hundreds of files per request: the
      // wait docker/roadmap#7 was filed for (2.8 s to 0.2 s).
      'page-reload': 3,
      // Logs, sessions and cache files are small writes: present, never dominant.
      'dd-write': 1,
    },
    otherWorkloads: 0,
  },
  {
    id: 'static-site',
    label: 'Static site build',
    description: 'a Jekyll/Hugo-style build of a source tree into an output tree',
    weights: {
      // The build itself is the task the user waits for; it already walks, reads and writes.
      'site-build': 6,
      // `serve --watch` rebuilds on save: how fast the container sees the edit.
      'sync-latency': 1,
      // Incremental rebuilds reread the changed sources and their includes.
      'small-file-read': 1,
    },
    otherWorkloads: 0,
  },
  {
    id: 'database',
    label: 'Database / large writes',
    description: 'a database or anything writing and reading large files',
    weights: {
      // Bulk loads, checkpoints and dumps write big files sequentially.
      'large-write': 3,
      // Small-block sequential writes: what write-ahead and append-only logs do.
      'dd-write': 2,
      // Page reads through the page cache in small buffers (split over the 128 B and 1 KiB cases).
      'buffered-read': 2,
    },
    otherWorkloads: 0,
  },
  {
    id: 'node-frontend',
    label: 'Node front end',
    description: 'a JavaScript front end: installs, a dev server reloading pages, the edit loop',
    weights: {
      // npm install is the longest wait of the day, and where the layout matters most
      // (paolomainardi 2025: 3.2-4.2 s with node_modules in a volume, 3.9-9.5 s on a plain bind).
      'npm-install': 3,
      // A dev server serves every reload from many small module files.
      'page-reload': 3,
      // Hot reload stands or falls by how fast the watcher sees a save.
      'sync-latency': 2,
      // The editor and the terminal's prompt run git status all day.
      'git-status': 1,
      // Bundlers read the source tree whole on a cold start.
      'small-file-read': 1,
    },
    otherWorkloads: 0,
  },
  {
    id: 'monorepo',
    label: 'Big monorepo',
    description: 'a large tree: git status, code search, several containers on one checkout',
    weights: {
      // Docker's Docker VMM checks time a first git status on a 47,000-file checkout first.
      'git-status': 3,
      // Searching the tree is the other whole-tree read of every day.
      'code-search': 2,
      // A compose stack of several services reads one checkout at once.
      'parallel-read': 2,
      // Builds and language servers stat the whole tree.
      'metadata-walk': 1,
      // Indexes and caches are read and written at random.
      'random-io': 1,
    },
    otherWorkloads: 0,
  },
  {
    id: 'balanced',
    label: 'Balanced',
    description: 'every measured workload weighs the same',
    // No workload is favoured: each one measured counts once (its cases share that one weight).
    weights: {},
    otherWorkloads: 1,
  },
];

export const PROFILE_NAMES: readonly string[] = BUILT_IN_PROFILES.map((p) => p.id);

export function profileByName(name: string): Profile {
  const profile = BUILT_IN_PROFILES.find((p) => p.id === name);
  if (!profile) {
    throw new MountbenchError(
      'BAD_INPUT',
      `unknown profile "${name}"; choose ${PROFILE_NAMES.join(', ')}, or give weights such as small-file-read=3,dd-write=1`,
    );
  }
  return profile;
}

/** What `--profile` takes: a built-in name, or custom weights (`workload=weight,…`). */
export function resolveProfile(spec: string): Profile {
  const trimmed = spec.trim();
  if (trimmed.includes('=')) return customProfile(parseWeights(trimmed));
  return profileByName(trimmed);
}
