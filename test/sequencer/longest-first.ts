// Longest first: the test files a project runs side by side start in the order of the seconds they
// took in a recorded full check (test/sequencer/file-seconds.json), so the longest file starts at
// once and the short ones fill the other worker around it. Vitest's own order needs its cache,
// which a fresh clone (CI) has not: it then starts the largest files first, and the integration
// project's longest file (fault injection, 570 s) started 24th of 65, a tail of minutes on one
// worker at the end. A file the table does not know is taken as an average one.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const FILE_SECONDS = join(__dirname, 'file-seconds.json');
/** The table is a few KiB; anything larger is not it. */
const MAX_TABLE_BYTES = 256 * 1024;
/** What a file the table does not know is taken to take. */
export const UNKNOWN_FILE_SECONDS = 30;

/** The table's seconds by file (relative to the project root); empty when it is missing or bad. */
export function readFileSeconds(file = FILE_SECONDS): Map<string, number> {
  try {
    const text = readFileSync(file, 'utf8');
    if (text.length > MAX_TABLE_BYTES) return new Map();
    const parsed = JSON.parse(text) as unknown;
    const entries = (parsed as { files?: unknown }).files;
    if (!entries || typeof entries !== 'object' || Array.isArray(entries)) return new Map();
    return new Map(
      Object.entries(entries).filter(
        (e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]) && e[1] >= 0,
      ),
    );
  } catch {
    return new Map();
  }
}

/** `files` with each project's own files longest first, projects and groups kept in Vitest's order. */
export function longestFirst<T>(
  files: readonly T[],
  groupOf: (file: T) => string,
  pathOf: (file: T) => string,
  seconds: ReadonlyMap<string, number>,
): T[] {
  const order = new Map<string, number>();
  files.forEach((f) => {
    if (!order.has(groupOf(f))) order.set(groupOf(f), order.size);
  });
  const took = (f: T) => seconds.get(pathOf(f)) ?? UNKNOWN_FILE_SECONDS;
  return files
    .map((f, i) => ({ f, i }))
    .sort((a, b) => order.get(groupOf(a.f))! - order.get(groupOf(b.f))! || took(b.f) - took(a.f) || a.i - b.i)
    .map(({ f }) => f);
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = this.ctx.config.root;
    return longestFirst(
      base,
      (f) => `${f.project.config.sequence.groupOrder}:${f.project.name}`,
      (f) => relative(root, f.moduleId).split('\\').join('/'),
      readFileSeconds(),
    );
  }
}
