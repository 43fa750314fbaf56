// Metadata only: what `git status`, a test runner's file discovery, Node's `require` resolution and
// a compiler's include search do to a project tree. Stat every entry of a deep tree, then look up
// names that do not exist (node_modules folders, other extensions), which a shared file system must
// often ask the host about, since a miss is hard to cache. No file content is read.
import type { FixtureEntry } from '../fixtures/fixture-spec';
import type { WorkloadDefinition } from './workload';
import { countWords } from '../../shared/size-format';
import { fixtureSeconds } from './fixture-cost';

export interface MetadataWalkParams extends Record<string, number> {
  /** Sub-folders per folder. */
  branching: number;
  /** Folder levels below the tree's root. */
  depth: number;
  filesPerDir: number;
  fileBytes: number;
  /** Paths in the lookup list, none of which exist. */
  missing: number;
}

export const WALK_TREE = 'tree';
export const WALK_MISSING_LIST = 'missing.txt';

/** Every folder of the tree, breadth first (parents before children). */
export function walkFolders({ branching, depth }: MetadataWalkParams): string[] {
  const folders = [WALK_TREE];
  let level = [WALK_TREE];
  for (let d = 0; d < depth; d++) {
    const next: string[] = [];
    for (const parent of level) for (let b = 0; b < branching; b++) next.push(`${parent}/d${b}`);
    folders.push(...next);
    level = next;
  }
  return folders;
}

export function walkFileName(index: number): string {
  return `m${index}.js`;
}

/**
 * Paths a module resolver would try and not find: a `node_modules` folder that is not there, or a
 * module file with another extension (`.ts`, `.json`, `.node`) beside the real ones. Spread over the
 * whole tree by a prime stride, each path once, and never a name the tree uses (folders are `dN`,
 * files `mN.js`).
 */
export function walkMissingPaths(params: MetadataWalkParams, folders = walkFolders(params)): string[] {
  const paths: string[] = [];
  for (let k = 0; k < params.missing; k++) {
    const folder = folders[(k * 7_919) % folders.length];
    const kind = k % 4;
    paths.push(
      kind === 0
        ? `${folder}/node_modules/pkg-${k}/package.json`
        : `${folder}/m${k}.${['ts', 'json', 'node'][kind - 1]}`,
    );
  }
  return paths;
}

export function walkEntryCount(params: MetadataWalkParams): number {
  return walkFolders(params).length * (1 + params.filesPerDir);
}

// The missing paths are read once by `cat` into the shell's words (no 1-byte `read` calls), then
// probed with the `[` builtin: one lookup each and no process per path. The names hold no blanks or
// glob characters, so word splitting is safe.
const LOOKUPS = [
  'found=0',
  `for p in $(cat ${WALK_MISSING_LIST}); do`,
  '  if [ -e "$p" ]; then found=$((found + 1)); fi',
  'done',
];

export const metadataWalk: WorkloadDefinition<MetadataWalkParams> = {
  id: 'metadata-walk',
  title: 'Metadata walk',
  description: 'Stat every entry of a deep tree of files and folders, then look up names that do not exist.',
  sizes: {
    // 3,280 folders 7 levels deep, 8 files in each: 29,520 entries.
    default: { branching: 3, depth: 7, filesPerDir: 8, fileBytes: 512, missing: 10_000 },
    // 364 folders 5 levels deep: 3,276 entries.
    quick: { branching: 3, depth: 5, filesPerDir: 8, fileBytes: 512, missing: 1_000 },
  },
  sizeWords: ({ depth, branching, missing }) =>
    `a tree ${countWords(depth)} deep, ${countWords(branching)} wide, + ${countWords(missing)} missing names`,
  cost: (params) => {
    const entries = walkEntryCount(params) + params.missing;
    return { cases: 1, perExecution: entries * 1e-4, fixture: fixtureSeconds(0, entries) };
  },
  // Statting the same tree again is the same work: a short walk is batched.
  repeatable: true,
  // Only reads (no reset, no output): one host copy serves every bind-type backend of a run.
  readsOnly: true,
  fixture: (params) => {
    const folders = walkFolders(params);
    let list: Buffer | null = null;
    const missingList = () => (list ??= Buffer.from(`${walkMissingPaths(params, folders).join('\n')}\n`));
    const listBytes = missingList().length;
    return {
      totalBytes: folders.length * params.filesPerDir * params.fileBytes + listBytes,
      entryCount: walkEntryCount(params) + 1,
      entries: function* (): Generator<FixtureEntry> {
        // All folders first, so a host writer can then create the files with full parallelism.
        for (const path of folders) yield { type: 'dir', path };
        for (const folder of folders) {
          for (let f = 0; f < params.filesPerDir; f++)
            yield { type: 'file', path: `${folder}/${walkFileName(f)}`, size: params.fileBytes };
        }
        yield { type: 'file', path: WALK_MISSING_LIST, size: listBytes, content: missingList };
      },
    };
  },
  script: () =>
    [
      `ls -lR ${WALK_TREE} > /dev/null || exit 1`,
      ...LOOKUPS,
      `[ "$found" -eq 0 ] || { echo "metadata-walk: $found of the missing paths exist" >&2; exit 1; }`,
    ].join('\n'),
  // Counts only: probing the missing paths here would warm the lookup cache the first (cold) sample
  // should meet, and the timed script fails anyway if one of them exists.
  verifyScript: (params) => {
    const folders = walkFolders(params).length;
    const entries = walkEntryCount(params);
    return [
      `n=$(find ${WALK_TREE} | awk 'END { print NR }')`,
      `[ "$n" -eq ${entries} ] || { echo "metadata-walk tree has $n entries, expected ${entries}" >&2; exit 1; }`,
      `n=$(find ${WALK_TREE} -type d | awk 'END { print NR }')`,
      `[ "$n" -eq ${folders} ] || { echo "metadata-walk tree has $n folders, expected ${folders}" >&2; exit 1; }`,
      `n=$(awk 'END { print NR }' ${WALK_MISSING_LIST})`,
      `[ "$n" -eq ${params.missing} ] || { echo "metadata-walk lists $n missing paths, expected ${params.missing}" >&2; exit 1; }`,
    ].join('\n');
  },
  derive: (params, stats) => ({
    pathsPerSecond: stats.median > 0 ? (walkEntryCount(params) + params.missing) / stats.median : 0,
  }),
};
