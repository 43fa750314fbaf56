// The working tree of the git-status and code-search workloads: a repository shaped like a large
// real one (repo-shape.ts: file count from the anchor, folder depths, file sizes and .gitignored
// build output from the measured repository), with a search string planted a known number of
// times. Everything derives from a seed, so the tree is the same on every machine and run. The plan
// (one size, folder and kind per file) is a few typed arrays; file bytes are made one file at a
// time, as views into two shared buffers, so laying 47,000 files holds a few MB, not 589 MB.
import type { FixtureEntry, FixtureSpec } from '../fixtures/fixture-spec';
import { REPO_SHAPE, type RepoShape } from './repo-shape';

export interface GitRepoParams extends Record<string, number> {
  /** Tracked source files, besides the top-level `.gitignore`. */
  files: number;
  /** Lines that carry GIT_NEEDLE, one per file, in that many tracked files. */
  planted: number;
  seed: number;
}

/** The planted string: no generated text can contain it (see textBuffer and noiseBuffer). */
export const GIT_NEEDLE = 'mountbench-needle-7c1e5a';
const NEEDLE_LINE = `# TODO(review): ${GIT_NEEDLE}\n`;
/** What Python writes into each folder it imports from, and the file name each module gets there. */
export const PYCACHE = '__pycache__';
const PYC_SUFFIX = '.cpython-311.pyc';
/** CPython 3.11's magic number, then the flags word: the start of every .pyc. */
const PYC_HEADER = Buffer.from([0xa7, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0]);
const PYC_ALIGN = 4096;
export const GIT_IGNORE_TEXT = `${PYCACHE}/\n*.py[cod]\nbuild/\ndist/\n`;
const OTHER_EXTENSIONS = ['yaml', 'json', 'md', 'html', 'graphql'];
// Larger than the largest file the shape allows (2.3 MB), so every file is one slice.
const SHARED_BYTES = 2_500_000;

// A small deterministic generator (xorshift32): the fixture must not depend on Math.random.
function xorshift(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

/** Split `total` by `weights`, rounding so the parts add up exactly. */
function apportion(total: number, weights: readonly number[], minimum = 0): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.max(minimum, Math.floor((w / sum) * total)));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % parts.length, rest--) parts[i]++;
  return parts;
}

/** The size at fraction `u` of the measured distribution, interpolated between quantiles on a log scale. */
export function sizeAt(shape: RepoShape, u: number): number {
  const q = shape.sizeQuantiles;
  for (let i = 1; i < q.length; i++) {
    const [f1, s1] = q[i];
    const [f0, s0] = q[i - 1];
    if (u <= f1) {
      const t = f1 === f0 ? 1 : (u - f0) / (f1 - f0);
      return Math.max(1, Math.round(Math.exp(Math.log(s0) + t * (Math.log(s1) - Math.log(s0)))));
    }
  }
  return q[q.length - 1][1];
}

export interface GitRepoPlan {
  folders: string[];
  /** Per file: its size, the index of its folder (-1: the top), and whether it is Python. */
  sizes: Uint32Array;
  folderOf: Int32Array;
  python: Uint8Array;
  planted: Uint8Array;
  /** Bytes of a Python file's .pyc, as a share of its source's (keeps the measured byte share). */
  pycRatio: number;
}

function folderName(depth: number, index: number): string {
  return `${String.fromCharCode(97 + depth)}${index.toString(36)}`;
}

/** Folders scaled from the measured counts per depth, each under a seeded parent one level up. */
function planFolders(params: GitRepoParams, shape: RepoShape, next: () => number): string[][] {
  const scale = params.files / shape.trackedFiles;
  const byDepth: string[][] = [];
  shape.foldersByDepth.forEach((count, d) => {
    const n = Math.max(1, Math.round(count * scale));
    const level: string[] = [];
    for (let i = 0; i < n; i++) {
      const parent =
        d === 0 ? '' : `${byDepth[d - 1][i < byDepth[d - 1].length ? i : next() % byDepth[d - 1].length]}/`;
      level.push(`${parent}${folderName(d, i)}`);
    }
    byDepth.push(level);
  });
  return byDepth;
}

export function planGitRepo(params: GitRepoParams, shape: RepoShape = REPO_SHAPE): GitRepoPlan {
  if (params.planted > params.files) throw new Error('git fixture: more planted lines than files');
  const next = xorshift(params.seed);
  const byDepth = planFolders(params, shape, next);
  const folders = byDepth.flat();
  const firstOfDepth: number[] = [];
  byDepth.reduce((start, level) => (firstOfDepth.push(start), start + level.length), 0);
  const perDepth = apportion(params.files, shape.filesByDepth);
  const sizes = new Uint32Array(params.files);
  const folderOf = new Int32Array(params.files);
  const python = new Uint8Array(params.files);
  const planted = new Uint8Array(params.files);
  let file = 0;
  perDepth.forEach((count, depth) => {
    for (let k = 0; k < count; k++, file++) {
      if (depth === 0) folderOf[file] = -1;
      else {
        const level = byDepth[Math.min(depth, byDepth.length) - 1];
        // Every folder of a depth gets a file before any gets a second: no empty leaves.
        const i = k < level.length ? k : next() % level.length;
        folderOf[file] = firstOfDepth[Math.min(depth, byDepth.length) - 1] + i;
      }
      sizes[file] = sizeAt(shape, next() / 0x1_0000_0000);
      python[file] = next() / 0x1_0000_0000 < shape.pythonShare ? 1 : 0;
    }
  });
  // The quantiles give the spread; the anchor gives the total (its mean file size), so the sampled
  // sizes are scaled to it: a few draws from the long tail must not decide how large the tree is.
  let sampled = 0;
  for (const size of sizes) sampled += size;
  const factor = (params.files * (shape.anchor.bytes / shape.anchor.files)) / sampled;
  for (let i = 0; i < sizes.length; i++) sizes[i] = Math.max(1, Math.round(sizes[i] * factor));
  // Spread evenly over the tree; a planted file is large enough to hold its line.
  for (let k = 0; k < params.planted; k++) {
    const i = Math.floor((k * params.files) / params.planted);
    planted[i] = 1;
    sizes[i] = Math.max(sizes[i], NEEDLE_LINE.length + 1);
  }
  const pycRatio = shape.ignored.bytes / shape.trackedBytes / shape.pythonShare;
  return { folders, sizes, folderOf, python, planted, pycRatio };
}

const WORDS = (
  'def return self import from class if else elif for while in not and or None True False try ' +
  'except raise with as lambda yield pass assert model field query order product channel price ' +
  'checkout payment user account graphql resolver schema mutation value items data result'
).split(' ');

let text: Buffer | null = null;
/**
 * Python-like lines; built from WORDS only, so it cannot contain GIT_NEEDLE. Written straight into
 * one buffer: an array of 100,000 line strings joined would be garbage the size of the fixture's
 * whole memory budget, collected only later.
 */
export function textBuffer(): Buffer {
  if (text) return text;
  const next = xorshift(0x7e47);
  const words = WORDS.map((w) => Buffer.from(w, 'latin1'));
  const out = Buffer.alloc(SHARED_BYTES);
  let at = 0;
  while (at < SHARED_BYTES) {
    const lineStart = at;
    const target = 20 + (next() % 60);
    const indentEnd = Math.min(SHARED_BYTES, at + 4 * (next() % 3));
    out.fill(0x20, at, indentEnd);
    at = indentEnd;
    for (let first = true; at - lineStart < target && at < SHARED_BYTES; first = false) {
      if (!first) out[at++] = 0x20;
      if (at < SHARED_BYTES) at += words[next() % words.length].copy(out, at);
    }
    if (at < SHARED_BYTES) out[at++] = 0x0a;
  }
  out[SHARED_BYTES - 1] = 0x0a;
  text = out;
  return text;
}

let noise: Buffer | null = null;
/**
 * Byte-code-like noise with a .pyc header at every 4 KiB boundary, so a view that starts at one is a
 * whole .pyc. Every other byte has its high bit set, so no ASCII string occurs in it.
 */
export function noiseBuffer(): Buffer {
  if (noise) return noise;
  const next = xorshift(0xb17e);
  noise = Buffer.alloc(SHARED_BYTES);
  for (let i = 0; i < noise.length; i++) noise[i] = 0x80 | (next() & 0x7f);
  for (let at = 0; at + PYC_HEADER.length <= noise.length; at += PYC_ALIGN) PYC_HEADER.copy(noise, at);
  return noise;
}

/**
 * A view into a shared buffer, not a copy: the writer may hold 32 large files in flight, and copies
 * of them would be the fixture's largest use of memory. Offsets vary by file, so blobs differ.
 */
function view(shared: Buffer, index: number, bytes: number, align = 1): Buffer {
  const room = Math.floor((shared.length - bytes) / align);
  if (room < 1) throw new Error(`git fixture: a file of ${bytes} bytes is larger than its shared buffer`);
  const offset = ((index * 7_919) % room) * align;
  return shared.subarray(offset, offset + bytes);
}

export function sourceContent(plan: GitRepoPlan, index: number): Buffer {
  const size = plan.sizes[index];
  if (!plan.planted[index]) return view(textBuffer(), index, size);
  const head = Buffer.from(NEEDLE_LINE, 'utf8');
  return Buffer.concat([head, view(textBuffer(), index, size - head.length)], size);
}

function pycSize(plan: GitRepoPlan, index: number): number {
  return PYC_HEADER.length + Math.round(plan.sizes[index] * plan.pycRatio);
}

function pycContent(plan: GitRepoPlan, index: number): Buffer {
  return view(noiseBuffer(), index, pycSize(plan, index), PYC_ALIGN);
}

function folderPath(plan: GitRepoPlan, index: number): string {
  const f = plan.folderOf[index];
  return f < 0 ? '' : `${plan.folders[f]}/`;
}

export function sourcePath(plan: GitRepoPlan, index: number): string {
  const ext = plan.python[index] ? 'py' : OTHER_EXTENSIONS[index % OTHER_EXTENSIONS.length];
  return `${folderPath(plan, index)}m${index.toString(36)}.${ext}`;
}

export function pycPath(plan: GitRepoPlan, index: number): string {
  return `${folderPath(plan, index)}${PYCACHE}/m${index.toString(36)}${PYC_SUFFIX}`;
}

/** Counts the workloads' checks compare against. */
export interface GitRepoFacts {
  /** What `git ls-files` lists: the sources and the .gitignore. */
  trackedFiles: number;
  trackedBytes: number;
  ignoredFiles: number;
  ignoredBytes: number;
  folders: number;
}

export function gitRepoFacts(plan: GitRepoPlan): GitRepoFacts {
  let trackedBytes = GIT_IGNORE_TEXT.length;
  let ignoredFiles = 0;
  let ignoredBytes = 0;
  const pycFolders = new Set<number>();
  for (let i = 0; i < plan.sizes.length; i++) {
    trackedBytes += plan.sizes[i];
    if (plan.python[i]) {
      ignoredFiles++;
      ignoredBytes += pycSize(plan, i);
      pycFolders.add(plan.folderOf[i]);
    }
  }
  return {
    trackedFiles: plan.sizes.length + 1,
    trackedBytes,
    ignoredFiles,
    ignoredBytes,
    folders: plan.folders.length + pycFolders.size,
  };
}

export function gitRepoFixture(params: GitRepoParams): FixtureSpec {
  const plan = planGitRepo(params);
  const facts = gitRepoFacts(plan);
  return {
    totalBytes: facts.trackedBytes + facts.ignoredBytes,
    entryCount: 1 + facts.folders + facts.trackedFiles - 1 + facts.ignoredFiles,
    entries: function* (): Generator<FixtureEntry> {
      for (const path of plan.folders) yield { type: 'dir', path };
      yield {
        type: 'file',
        path: '.gitignore',
        size: GIT_IGNORE_TEXT.length,
        content: () => Buffer.from(GIT_IGNORE_TEXT),
      };
      const madeCache = new Set<number>();
      for (let i = 0; i < plan.sizes.length; i++) {
        yield {
          type: 'file',
          path: sourcePath(plan, i),
          size: plan.sizes[i],
          content: () => sourceContent(plan, i),
        };
        if (!plan.python[i]) continue;
        if (!madeCache.has(plan.folderOf[i])) {
          madeCache.add(plan.folderOf[i]);
          yield { type: 'dir', path: `${folderPath(plan, i)}${PYCACHE}` };
        }
        yield {
          type: 'file',
          path: pycPath(plan, i),
          size: pycSize(plan, i),
          content: () => pycContent(plan, i),
        };
      }
    },
  };
}
