// The source tree of the site-build workload, shaped like the Jekyll site of the published benchmark
// (over 4,000 files, 800 MB): Markdown pages with YAML front matter and large static assets, spread
// over ~60 folders two levels deep. Everything is generated from the index alone, so the tree is the
// same on every machine and every run, and nothing is held in memory but one page at a time and the
// one asset buffer that all assets share.
import type { FixtureEntry, FixtureSpec } from '../fixtures/fixture-spec';

export interface SiteBuildParams extends Record<string, number> {
  sections: number;
  partsPerSection: number;
  pages: number;
  pageBytes: number;
  assets: number;
  assetBytes: number;
}

export const SITE_SOURCE = 'src';
export const SITE_OUTPUT = 'out';
/** Assets carry an old, fixed mtime so a copy that loses it is visible. */
export const SITE_ASSET_MTIME = 1_600_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const WORDS = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore ' +
  'et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ' +
  'ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla'
).split(' ');

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Every folder of the source tree, parents first: `src`, its sections, and their parts. */
export function siteFolders({ sections, partsPerSection }: SiteBuildParams): string[] {
  const folders = [SITE_SOURCE];
  for (let s = 0; s < sections; s++) {
    const section = `${SITE_SOURCE}/section-${pad(s, 2)}`;
    folders.push(section);
    for (let p = 0; p < partsPerSection; p++) folders.push(`${section}/part-${p}`);
  }
  return folders;
}

export function sitePageTitle(index: number): string {
  return `Page ${pad(index, 5)}`;
}

export function sitePagePath(folders: readonly string[], index: number): string {
  return `${folders[index % folders.length]}/page-${pad(index, 5)}.md`;
}

export function siteAssetPath(folders: readonly string[], index: number): string {
  // Offset from the pages' round-robin so that not every asset sits beside page 0.
  return `${folders[(index * 7 + 3) % folders.length]}/image-${pad(index, 4)}.png`;
}

/** The output path the build renders a source page to. */
export function siteOutputPath(sourcePath: string): string {
  return sourcePath.replace(/^src\//, `${SITE_OUTPUT}/`).replace(/\.md$/, '.html');
}

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

const bodyCache = new Map<number, Buffer>();

/**
 * Markdown prose of exactly `bytes` bytes, ending in a newline; shared by every page. One paragraph
 * per line, as many authors write Markdown: the build's per-line work stays small beside its I/O.
 */
function pageBody(bytes: number): Buffer {
  const cached = bodyCache.get(bytes);
  if (cached) return cached;
  const next = xorshift(0x5eed);
  const lines: string[] = [];
  let length = 0;
  const add = (line: string) => {
    lines.push(line);
    length += line.length + 1;
  };
  for (let paragraph = 0; length < bytes; paragraph++) {
    if (paragraph % 5 === 4) {
      add(`## Section ${Math.floor(paragraph / 5) + 1}`);
      add('');
    }
    const target = 400 + (next() % 400);
    let line = WORDS[next() % WORDS.length];
    while (line.length < target) line += ` ${WORDS[next() % WORDS.length]}`;
    add(`${line}.`);
    add('');
  }
  const text = Buffer.from(lines.join('\n'), 'utf8').subarray(0, bytes);
  text[bytes - 1] = 0x0a;
  bodyCache.set(bytes, text);
  return text;
}

/** A page: YAML front matter between `---` lines, a heading, then prose, `pageBytes` in all. */
export function sitePageContent(params: SiteBuildParams, folders: readonly string[], index: number): Buffer {
  const folder = folders[index % folders.length];
  const date = new Date(Date.UTC(2015, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  const header = Buffer.from(
    [
      '---',
      'layout: page',
      `title: ${sitePageTitle(index)}`,
      `date: ${date}`,
      `tags: [${folder.split('/').slice(1).join(', ') || 'home'}]`,
      '---',
      `# ${sitePageTitle(index)}`,
      '',
      '',
    ].join('\n'),
    'utf8',
  );
  if (header.length >= params.pageBytes)
    throw new Error(`site-build pages of ${params.pageBytes} bytes cannot hold their front matter`);
  return Buffer.concat([header, pageBody(params.pageBytes - header.length)], params.pageBytes);
}

const assetCache = new Map<number, Buffer>();

/** One image-like buffer (PNG signature, then noise) that every asset shares. */
export function siteAssetContent(bytes: number): Buffer {
  const cached = assetCache.get(bytes);
  if (cached) return cached;
  const buffer = Buffer.alloc(bytes);
  PNG_SIGNATURE.copy(buffer, 0, 0, Math.min(bytes, PNG_SIGNATURE.length));
  const next = xorshift(0xa55e7);
  for (let offset = PNG_SIGNATURE.length; offset + 4 <= bytes; offset += 4)
    buffer.writeUInt32LE(next(), offset);
  assetCache.clear();
  assetCache.set(bytes, buffer);
  return buffer;
}

export function siteBuildFixture(params: SiteBuildParams): FixtureSpec {
  const folders = siteFolders(params);
  return {
    totalBytes: params.pages * params.pageBytes + params.assets * params.assetBytes,
    entryCount: folders.length + params.pages + params.assets,
    entries: function* (): Generator<FixtureEntry> {
      for (const path of folders) yield { type: 'dir', path };
      for (let i = 0; i < params.pages; i++) {
        yield {
          type: 'file',
          path: sitePagePath(folders, i),
          size: params.pageBytes,
          content: () => sitePageContent(params, folders, i),
        };
      }
      for (let i = 0; i < params.assets; i++) {
        yield {
          type: 'file',
          path: siteAssetPath(folders, i),
          size: params.assetBytes,
          mtime: SITE_ASSET_MTIME,
          content: () => siteAssetContent(params.assetBytes),
        };
      }
    },
  };
}
