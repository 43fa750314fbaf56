// The Jekyll-shaped build of the published site benchmark (a site of over 4,000 files and 800 MB),
// redone with BusyBox tools so it runs unchanged in the bench image and on a Mac host. It goes
// through Jekyll's phases in the same order and with the same file-system traffic: read (walk the
// tree, sniff every file's first line for front matter), render the pages through a layout, write
// (create the output folders, write each page, copy each static file keeping its mtime), then stat
// the whole output as a dev server's watcher or a deploy step does. The output goes to the same
// mount as the source, as `jekyll build` does by default.
//
// One awk reads every page and one `cp` per folder copies the statics, so process starts stay in
// the tens while the file-system operations are in the thousands: the figure is about the mount.
import {
  SITE_OUTPUT,
  SITE_SOURCE,
  siteBuildFixture,
  siteFolders,
  type SiteBuildParams,
} from './site-build-fixture';
import type { WorkloadDefinition } from './workload';
import { countWords, megabytes } from '../../shared/size-format';
import { fixtureSeconds } from './fixture-cost';

/** Scratch lists of the build (which files are pages), beside `out` so `ls -lR out` skips them. */
export const SITE_SCRATCH = '.build';

// Jekyll reads the first bytes of every file: a file that starts with `---` is a page, any other is
// copied as it is. BusyBox awk stops at a NUL inside a record, which is harmless here: only the
// first line is compared and `nextfile` leaves the rest of a binary file unread.
const SNIFF = 'FNR == 1 { if ($0 == "---") print "page " FILENAME; else print "static " FILENAME; nextfile }';

const DIRS = `{ d = $2; sub(/\\/[^\\/]*$/, "", d); sub(/^${SITE_SOURCE}/, "${SITE_OUTPUT}", d); if (!(d in seen)) { seen[d] = 1; print d } }`;

// The layout wraps each rendered body; the title comes from the front matter. Markdown headings and
// paragraphs become HTML: a little per-line work, as a converter does.
const RENDER = [
  'function head() {',
  '  print "<!DOCTYPE html>" > out',
  '  print "<html><head><meta charset=\\"utf-8\\"><title>" title "</title></head>" > out',
  '  print "<body><header><a href=\\"/\\">Home</a> / " title "</header><main>" > out',
  '  started = 1',
  '}',
  'function finish() {',
  '  if (out == "") return',
  '  if (!started) head()',
  '  print "</main><footer>Built by mountbench site-build</footer></body></html>" > out',
  '  close(out)',
  '  out = ""',
  '}',
  `FNR == 1 { finish(); out = FILENAME; sub(/^${SITE_SOURCE}\\//, "${SITE_OUTPUT}/", out); sub(/\\.md$/, ".html", out); fm = ($0 == "---"); title = ""; started = 0; next }`,
  'fm { if ($0 == "---") fm = 0; else if ($0 ~ /^title: /) title = substr($0, 8); next }',
  '!started { head() }',
  '/^## / { print "<h2>" substr($0, 4) "</h2>" > out; next }',
  '/^# / { print "<h1>" substr($0, 3) "</h1>" > out; next }',
  '$0 == "" { next }',
  '{ print "<p>" $0 "</p>" > out }',
  'END { finish() }',
].join('\n');

// One `cp -p` per output folder: the statics keep their mtime, as Jekyll's copy does.
const COPY = `$1 == "static" { f = $2; d = f; sub(/\\/[^\\/]*$/, "", d); sub(/^${SITE_SOURCE}/, "${SITE_OUTPUT}", d); files[d] = files[d] " " f } END { for (d in files) print "cp -p" files[d] " " d "/ || exit 1" }`;

// File lists reach awk as arguments through the shell's own `$(...)`, not through xargs: BusyBox
// 1.35's xargs garbles the arguments of its second and later batches for applets such as awk, ls
// and cp. The lists are ~140 KB, far below the argument limits of Linux (2 MB) and macOS (1 MB).
export function siteBuildScript(): string {
  const s = SITE_SCRATCH;
  return [
    `mkdir ${s} || exit 1`,
    `awk '${SNIFF}' $(find ${SITE_SOURCE} -type f) > ${s}/sources || exit 1`,
    `mkdir -p $(awk '${DIRS}' ${s}/sources) || exit 1`,
    `awk '${RENDER}' $(awk '$1 == "page" { print $2 }' ${s}/sources) || exit 1`,
    `awk '${COPY}' ${s}/sources > ${s}/copy.sh || exit 1`,
    `. ./${s}/copy.sh`,
    `ls -lR ${SITE_OUTPUT} > /dev/null`,
  ].join('\n');
}

function count(what: string, command: string, expected: number): string[] {
  return [
    `n=$(${command} | awk 'END { print NR }')`,
    `[ "$n" -eq ${expected} ] || { echo "site-build fixture has $n ${what}, expected ${expected}" >&2; exit 1; }`,
  ];
}

function siteBytes(p: SiteBuildParams): number {
  return p.pages * p.pageBytes + p.assets * p.assetBytes;
}

export const siteBuild: WorkloadDefinition<SiteBuildParams> = {
  id: 'site-build',
  title: 'Site build',
  description:
    'A Jekyll-shaped static site build: sniff front matter, render pages, copy assets keeping mtime, stat the output.',
  sizes: {
    // 3,600 pages of 12 KiB and 400 assets of 1.9 MB in 61 folders: 4,000 files, 804 MB.
    default: {
      sections: 12,
      partsPerSection: 4,
      pages: 3_600,
      pageBytes: 12_288,
      assets: 400,
      assetBytes: 1_900_000,
    },
    quick: {
      sections: 3,
      partsPerSection: 3,
      pages: 360,
      pageBytes: 12_288,
      assets: 20,
      assetBytes: 262_144,
    },
  },
  sizeWords: (p) =>
    `${countWords(p.pages)} pages + ${countWords(p.assets)} assets (${megabytes(siteBytes(p))})`,
  cost: (p) => {
    const files = p.pages + p.assets;
    return {
      cases: 1,
      perExecution: siteBytes(p) * 4e-8 + files * 5e-4,
      fixture: fixtureSeconds(siteBytes(p), files),
    };
  },
  fixture: siteBuildFixture,
  writes: true,
  script: siteBuildScript,
  resetScript: () => `rm -rf ${SITE_OUTPUT} ${SITE_SCRATCH}`,
  // Counts and bytes from directory entries only; then room for the output, which is as large as
  // the source, so a full disk fails here and not halfway through the timed runs.
  verifyScript: (params) => {
    const totalBytes = siteBytes(params);
    // Rendered pages are a little larger than their sources: allow a quarter more for them.
    const neededKb = Math.ceil((totalBytes + params.pages * params.pageBytes * 0.25) / 1024);
    return [
      ...count('pages', `find ${SITE_SOURCE} -type f -name '*.md'`, params.pages),
      ...count('assets', `find ${SITE_SOURCE} -type f -name '*.png'`, params.assets),
      ...count('folders', `find ${SITE_SOURCE} -type d`, siteFolders(params).length),
      `b=$(ls -ln $(find ${SITE_SOURCE} -type f) | awk '{ s += $5 } END { printf "%.0f\\n", s }')`,
      `[ "$b" -eq ${totalBytes} ] || { echo "site-build fixture has $b bytes, expected ${totalBytes}" >&2; exit 1; }`,
      `[ "$(head -n 1 ${SITE_SOURCE}/page-00000.md)" = "---" ] || { echo "site-build pages lack front matter" >&2; exit 1; }`,
      `avail=$(df -Pk . | awk 'NR==2 { print $4 }')`,
      `[ "$avail" -ge ${neededKb} ] || { echo "site-build needs ${neededKb} KiB free in $(pwd) for its output, it has $avail KiB" >&2; exit 1; }`,
    ].join('\n');
  },
  derive: (params, stats) => {
    const files = params.pages + params.assets;
    const totalBytes = siteBytes(params);
    return stats.median > 0
      ? { filesPerSecond: files / stats.median, mbPerSecond: totalBytes / 1e6 / stats.median }
      : { filesPerSecond: 0, mbPerSecond: 0 };
  },
};
