// Figures about the code itself, printed (never asserted): lines per folder (`src/*` and
// `src/core/*`, tests and test support included in a separate column), the longest functions, and
// import cycles between folders (two folders that import each other, directly or around a loop).
// File-level cycles: `npx madge --circular --extensions ts,tsx src`.
//
//   npx tsx scripts/code-figures.ts [root]      (root: a checkout; default: this one; TOP=n functions)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const root = resolve(process.argv[2] ?? '.');
const src = join(root, 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const isTest = (path: string) => /\.(test|suite)\.tsx?$/.test(path) || /test-support/.test(path);

/** The folder a file counts under: src/<layer>, or src/core/<folder> for the core. */
function folderOf(path: string): string {
  let parts = relative(src, path).split(sep);
  // Before the move the core lived at src/main/core: count it as the core all the same.
  if (parts[0] === 'main' && parts[1] === 'core') parts = parts.slice(1);
  if (parts[0] === 'core' && parts.length > 2) return `core/${parts[1]}`;
  return parts.length > 1 ? (parts[0] ?? '') : '(src)';
}

const all = files(src);
const sources = new Map(all.map((path) => [path, readFileSync(path, 'utf8')]));

// Lines per folder.
const lines = new Map<string, { code: number; tests: number }>();
for (const [path, text] of sources) {
  const entry = lines.get(folderOf(path)) ?? { code: 0, tests: 0 };
  const count = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (isTest(path)) entry.tests += count;
  else entry.code += count;
  lines.set(folderOf(path), entry);
}
const layer = (folder: string) => folder.split('/')[0] ?? folder;
const layers = new Map<string, { code: number; tests: number }>();
for (const [folder, count] of lines) {
  const entry = layers.get(layer(folder)) ?? { code: 0, tests: 0 };
  entry.code += count.code;
  entry.tests += count.tests;
  layers.set(layer(folder), entry);
}
console.log('lines per folder (code / tests):');
for (const [folder, count] of [...layers].sort())
  console.log(`  src/${folder}: ${count.code} / ${count.tests}`);
for (const [folder, count] of [...lines].filter(([f]) => f.startsWith('core/')).sort())
  console.log(`  src/${folder}: ${count.code} / ${count.tests}`);

// Longest functions (production code only), by lines from the declaration to its closing brace.
const lengths: { name: string; lines: number }[] = [];
for (const [path, text] of sources) {
  if (isTest(path)) continue;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = file.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = file.getLineAndCharacterOfPosition(node.end).line;
      const named =
        node.name && ts.isIdentifier(node.name)
          ? node.name.text
          : ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)
            ? node.parent.name.text
            : ts.isPropertyAssignment(node.parent) && ts.isIdentifier(node.parent.name)
              ? node.parent.name.text
              : '(anonymous)';
      lengths.push({ name: `${relative(root, path)}:${start + 1} ${named}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}
console.log('longest functions (lines):');
for (const f of lengths.sort((a, b) => b.lines - a.lines).slice(0, Number(process.env.TOP ?? 8)))
  console.log(`  ${f.lines} ${f.name}`);

// Folder-level import graph from relative imports (type-only imports count: they still couple).
const edges = new Map<string, Set<string>>();
for (const [path, text] of sources) {
  if (isTest(path)) continue;
  for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
    if (!ref.fileName.startsWith('.')) continue;
    const target = resolve(dirname(path), ref.fileName);
    const hit = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')].find((p) =>
      sources.has(p),
    );
    if (!hit) continue;
    const from = folderOf(path);
    const to = folderOf(hit);
    if (from === to) continue;
    const set = edges.get(from) ?? new Set<string>();
    set.add(to);
    edges.set(from, set);
  }
}
// Strongly connected components (Tarjan): every component of more than one folder is a cycle.
let index = 0;
const order = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const cycles: string[][] = [];
const connect = (node: string): void => {
  order.set(node, index);
  low.set(node, index);
  index += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node) ?? []) {
    if (!order.has(next)) {
      connect(next);
      low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
    } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, order.get(next) ?? 0));
  }
  if (low.get(node) === order.get(node)) {
    const component: string[] = [];
    let top: string | undefined;
    do {
      top = stack.pop();
      if (top !== undefined) {
        onStack.delete(top);
        component.push(top);
      }
    } while (top !== undefined && top !== node);
    if (component.length > 1) cycles.push(component.sort());
  }
};
for (const node of edges.keys()) if (!order.has(node)) connect(node);
console.log(`folder cycles: ${cycles.length}`);
for (const cycle of cycles) {
  const pairs = cycle.flatMap((a) =>
    [...(edges.get(a) ?? [])].filter((b) => cycle.includes(b)).map((b) => `${a} → ${b}`),
  );
  console.log(`  {${cycle.join(', ')}}: ${pairs.join('; ')}`);
}
