// The core's floors, held: every folder of src/core sits on one floor of CORE_LAYERS, and a
// production file may import its own floor or the floors below, never one above. An import up the
// list is what tied the folders into knots (docs/architecture.md, "Layers"), so the failure names
// the file, the folder it reached and both floors. A folder new to src/core must be given a floor
// here before anything passes. Type-only imports count: a type up the list ties the floors as well.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleSpecifiers, productionFiles } from './test-support/module-imports';

/**
 * Bottom first. A file directly in src/core is a unit of its own, named with its extension: the
 * worker threads' entry sits at the top, beside app/, since it dispatches to the store and the team.
 */
export const CORE_LAYERS: readonly (readonly string[])[] = [
  ['app-version.ts', 'build-commit.ts', 'fan-out.ts', 'proc-stat.ts', 'worker-start.ts'],
  ['fs', 'stats', 'machine', 'nfs', 'fixtures'],
  ['host-processes', 'project'],
  ['vocab', 'journal'],
  ['settings-files', 'workloads'],
  // One folder per product: its facts and its driver.
  ['providers'],
  // Discovery reads every product's marks and sockets.
  ['engines'],
  // The registry: the products and the plain Docker Engine, whose provider reads discovery.
  ['products'],
  ['recommend', 'compare', 'sync'],
  ['store'],
  ['exports', 'team'],
  ['runner'],
  ['sweep'],
  ['app', 'worker-entry.ts'],
];

const CORE = path.resolve(__dirname);

export interface CoreImport {
  /** The importing file, relative to src/core. */
  file: string;
  /** The folder of src/core it reached (a file directly in src/core by its name). */
  folder: string;
}

/** The src/core folder a path inside src/core belongs to, or the file's own name directly in it. */
function folderOf(relative: string, isDirectory: boolean): string {
  const parts = relative.split('/');
  if (parts.length > 1 || isDirectory) return parts[0];
  return /\.tsx?$/.test(parts[0]) ? parts[0] : `${parts[0]}.ts`;
}

/** Every relative module specifier of a file: imports, re-exports, import() calls and import types. */
function specifiersOf(fileName: string, text: string): string[] {
  return moduleSpecifiers(fileName, text).filter((s) => s.startsWith('.'));
}

const isDirectory = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** Each production file of src/core with the folders of src/core it imports (its own left out). */
function coreImports(): { file: string; folder: string; imports: CoreImport[] }[] {
  return productionFiles(CORE).map((full) => {
    const file = path.relative(CORE, full).split(path.sep).join('/');
    const folder = folderOf(file, false);
    const imports = specifiersOf(full, readFileSync(full, 'utf8')).flatMap((spec) => {
      const target = path.resolve(path.dirname(full), spec);
      const relative = path.relative(CORE, target).split(path.sep).join('/');
      if (relative.startsWith('..')) return [];
      const reached = folderOf(relative, isDirectory(target));
      return reached === folder ? [] : [{ file, folder: reached }];
    });
    return { file, folder, imports };
  });
}

/** "core/engines/known-sockets.ts (floor 7: engines) imports core/runner (floor 12)", per import up. */
export function importsUp(
  files: readonly { folder: string; imports: readonly CoreImport[] }[],
  layers: readonly (readonly string[])[],
): string[] {
  const floor = new Map(layers.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));
  const out: string[] = [];
  for (const { folder, imports } of files)
    for (const i of imports) {
      const from = floor.get(folder);
      const to = floor.get(i.folder);
      if (from !== undefined && to !== undefined && to > from)
        out.push(`core/${i.file} (floor ${from}: ${folder}) imports core/${i.folder} (floor ${to})`);
    }
  return [...new Set(out)].sort();
}

/** The files of folder `from` that import folder `to`. */
export function filesReaching(
  files: readonly { folder: string; imports: readonly CoreImport[] }[],
  from: string,
  to: string,
): string[] {
  return [
    ...new Set(files.flatMap((f) => (f.folder === from ? f.imports.filter((i) => i.folder === to) : []))),
  ].map((i) => `core/${i.file}`);
}

describe('the core in floors', () => {
  const files = coreImports();

  it('gives every folder of src/core a floor, once', () => {
    const named = CORE_LAYERS.flat();
    expect(new Set(named).size).toBe(named.length);
    const folders = new Set(files.map((f) => f.folder));
    expect([...folders].filter((f) => !named.includes(f)).sort()).toEqual([]);
    // A floor named here that no longer exists is a stale line.
    expect(named.filter((n) => !folders.has(n))).toEqual([]);
  });

  it('has no production file import a floor above its own', () => {
    expect(importsUp(files, CORE_LAYERS)).toEqual([]);
  });

  // The runner measures. The verdicts a run's file carries (the dependency split, npm's layouts)
  // are drawn by whoever starts the run (RunContext.verdicts): recommend/ sits below the runner,
  // yet a runner that reaches it decides as well as measures.
  it('keeps verdicts out of the runner: no runner file imports recommend/', () => {
    expect(filesReaching(files, 'runner', 'recommend')).toEqual([]);
  });

  it('names an import up the list, with both floors (a planted one)', () => {
    const planted = [{ folder: 'engines', imports: [{ file: 'engines/planted.ts', folder: 'runner' }] }];
    expect(importsUp(planted, CORE_LAYERS)).toEqual([
      'core/engines/planted.ts (floor 7: engines) imports core/runner (floor 12)',
    ]);
    // The same import the other way is down the list: allowed.
    expect(
      importsUp([{ folder: 'runner', imports: [{ file: 'runner/x.ts', folder: 'engines' }] }], CORE_LAYERS),
    ).toEqual([]);
  });

  it('reads imports of every form: a re-export, a type import, an import() and an index folder', () => {
    const text = [
      "export { a } from '../engines/a';",
      "import type { B } from '../sweep/b';",
      "const c = () => import('../app/c');",
      "type D = import('../team/d').D;",
      "import { e } from '../journal';",
    ].join('\n');
    expect(specifiersOf('x.ts', text)).toEqual([
      '../engines/a',
      '../sweep/b',
      '../app/c',
      '../team/d',
      '../journal',
    ]);
  });
});
