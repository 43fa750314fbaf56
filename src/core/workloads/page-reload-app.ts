// The small web app page-reload serves: a CGI page that, on every request, stats and reads every
// source file of the app, as PHP (opcache checking timestamps) or Rails in development mode does,
// then renders a page that carries the content of one template the developer edits. It runs under
// BusyBox's httpd, so the plain bench image serves it: no tools image is needed.
import type { FixtureEntry, FixtureSpec } from '../fixtures/fixture-spec';
import { shellQuote } from './sample-script';

/** The port the app listens on inside the environment; published on the host's loopback only. */
export const PAGE_RELOAD_PORT = 8080;
/** The page's path on the server. */
export const PAGE_PATH = '/cgi-bin/page.sh';
/** The template the host edits: the page carries its first line as `marker …`. */
export const EDITED_FILE = 'src/templates/edited.txt';
/** What the edited template holds when the fixture is laid. */
export const INITIAL_MARKER = 'initial';

const FOLDERS = 12;

/**
 * The page: status 500 unless every stat and read succeeded; the body says how many files were
 * stat'ed and read, so the host can tell a page that did all the work from one that did not.
 * `pipefail` makes a failing `stat` or `cat` in a pipe fail the page, not only the last command.
 */
export const PAGE_SCRIPT = `#!/bin/sh
set -o pipefail
cd .. || exit 1
fail() { printf 'Status: 500 Internal Server Error\\r\\nContent-Type: text/plain\\r\\n\\r\\n%s\\n' "$1"; exit 0; }
n=$(find src -type f | xargs stat -c '%s %Y' | wc -l) || fail "stat failed"
b=$(find src -type f | xargs cat | wc -c) || fail "read failed"
m=; read -r m < ${EDITED_FILE} || fail "template unreadable"
printf 'Content-Type: text/plain\\r\\nCache-Control: no-store\\r\\n\\r\\n'
printf 'files %s\\nbytes %s\\nmarker %s\\n' "$n" "$b" "$m"
`;

/** A source file's bytes: deterministic, PHP-shaped text of about `size` bytes. */
function sourceText(index: number, size: number): Buffer {
  const head = `<?php\n// generated source file ${index}\nnamespace App\\Module${index % FOLDERS};\n\n`;
  const line = `function f${index}_x($a, $b) { return $a * ${index} + $b; }\n`;
  let text = head;
  while (text.length < size) text += line;
  return Buffer.from(text.slice(0, size));
}

/** Sizes from 2 to ~14 KiB, spread by a fixed step so every fixture of a size is the same. */
export function sourceSize(index: number): number {
  return 2048 + ((index * 2654435761) % 12288);
}

export function pageReloadFixture(files: number): FixtureSpec {
  const initial = Buffer.from(`${INITIAL_MARKER}\n`);
  let totalBytes = PAGE_SCRIPT.length + initial.length;
  for (let i = 0; i < files - 1; i++) totalBytes += sourceSize(i);
  return {
    totalBytes,
    entryCount: files + FOLDERS + 3,
    entries: function* (): Iterable<FixtureEntry> {
      yield { type: 'dir', path: 'cgi-bin' };
      yield {
        type: 'file',
        path: PAGE_PATH.slice(1),
        size: PAGE_SCRIPT.length,
        content: () => Buffer.from(PAGE_SCRIPT),
      };
      yield { type: 'dir', path: 'src' };
      yield { type: 'dir', path: 'src/templates' };
      yield { type: 'file', path: EDITED_FILE, size: initial.length, content: () => initial };
      for (let f = 0; f < FOLDERS - 1; f++) yield { type: 'dir', path: `src/module${f}` };
      // One file is the edited template; the rest are the app's sources, spread over the folders.
      for (let i = 0; i < files - 1; i++) {
        const size = sourceSize(i);
        yield {
          type: 'file',
          path: `src/module${i % (FOLDERS - 1)}/file${i}.php`,
          size,
          content: () => sourceText(i, size),
        };
      }
    },
  };
}

/** httpd's configuration, in the container's own layer (not the share under test). */
const SERVER_CONF = '/tmp/mountbench-httpd.conf';

/**
 * Starts the server in the background and prints its pid; its output goes nowhere, so the exec
 * that started it ends at once. The page runs through `sh` as its interpreter (`*.sh:` in httpd's
 * configuration), not as an executable: the fixture has no file modes, and Docker mounts a tmpfs
 * `noexec`.
 */
export function startServerScript(workdir: string): string {
  const dir = shellQuote(workdir);
  return [
    `cd ${dir} || exit 97`,
    'mkdir -p /tmp || exit 1',
    // Not `command -v sh`: BusyBox's sh answers `sh` for its own applet, which httpd cannot run.
    `echo '*.sh:/bin/sh' > ${SERVER_CONF} || exit 1`,
    `httpd -f -p ${PAGE_RELOAD_PORT} -h ${dir} -c ${SERVER_CONF} </dev/null >/dev/null 2>&1 &`,
    'echo "pid $!"',
  ].join('\n');
}

export function stopServerScript(pid: number): string {
  return `kill ${Math.trunc(pid)} 2>/dev/null; :`;
}

/** Writes the edited template through the environment (a volume or tmpfs the host cannot reach). */
export function editScript(workdir: string, marker: string): string {
  return `cd ${shellQuote(workdir)} && printf '%s\\n' ${shellQuote(marker)} > ${EDITED_FILE}.tmp && mv ${EDITED_FILE}.tmp ${EDITED_FILE}`;
}

/** What one page said, or why it is not a page of this app. */
export interface PageBody {
  files: number;
  bytes: number;
  marker: string;
}

export function parsePage(body: string): PageBody | null {
  const m = /^files (\d{1,9})\nbytes (\d{1,12})\nmarker ([^\n]{0,200})\n?$/.exec(body);
  if (!m) return null;
  return { files: Number(m[1]), bytes: Number(m[2]), marker: m[3] };
}
