// Reads an NFS server's exports file (/etc/exports), the macOS form (exports(5): paths, then
// `-option` flags, then hosts) and the Linux form (exports(5) of nfs-utils: a path, then
// `client(options)` entries). Read only: Mountbench never edits it, the user does (with admin
// rights). The file is untrusted like any other input: bounded in size and lines, and a line that
// does not parse is reported, never guessed at.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Past this the file is not an exports file a person wrote: refuse rather than read on. */
export const EXPORTS_MAX_BYTES = 64 * 1024;
const MAX_LOGICAL_LINES = 2000;
const MAX_LINE_CHARS = 8192;

export type ExportsDialect = 'macos' | 'linux';

export interface ExportEntry {
  /** The exported folder, absolute, as the server names it (the `device` of an NFS volume). */
  path: string;
  /** Whether clients may write: macOS `-ro`/`-o` and Linux `ro` (Linux's default) say no. */
  writable: boolean;
  /** Who may mount it, as written: macOS hosts or `-network`, Linux clients; empty: everyone. */
  clients: string[];
  /** macOS `-alldirs`: a folder below the exported one may be mounted too (always so on Linux). */
  subfoldersMountable: boolean;
  /** 1-based line where the entry starts, for messages. */
  line: number;
}

export interface ExportsReading {
  entries: ExportEntry[];
  /** Lines that did not parse, with why; they are left out of `entries`. */
  problems: string[];
}

/** Joins `\` continuations and drops comments, keeping each logical line's first line number. */
function logicalLines(text: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let pending = '';
  let start = 0;
  const physical = text.split(/\r?\n/);
  for (const [index, raw] of physical.entries()) {
    const withoutComment = raw.replace(/(^|\s)#.*$/, '');
    if (!pending) start = index + 1;
    if (withoutComment.endsWith('\\')) {
      pending += withoutComment.slice(0, -1) + ' ';
      continue;
    }
    const joined = (pending + withoutComment).trim();
    pending = '';
    if (joined) out.push({ line: start, text: joined });
    if (out.length > MAX_LOGICAL_LINES) break;
  }
  if (pending.trim()) out.push({ line: start, text: pending.trim() });
  return out;
}

/** Linux quotes paths with spaces ("/a b") and escapes characters in octal (\040). */
function unescapeLinuxPath(word: string): string {
  const unquoted = word.startsWith('"') && word.endsWith('"') && word.length > 1 ? word.slice(1, -1) : word;
  return unquoted.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/** Splits on blanks but keeps a double-quoted path whole. */
function words(text: string): string[] {
  return text.match(/"[^"]*"|\S+/g) ?? [];
}

function isPlainAbsolutePath(path: string): boolean {
  return path.startsWith('/') && !path.split('/').includes('..') && !/[\0\n]/.test(path);
}

function parseMacLine(text: string, line: number): ExportEntry[] | string {
  const parts = words(text);
  const paths: string[] = [];
  let i = 0;
  while (i < parts.length && parts[i].startsWith('/')) paths.push(parts[i++]);
  if (!paths.length) return `line ${line}: an export starts with an absolute path`;
  let writable = true;
  let subfoldersMountable = false;
  const clients: string[] = [];
  for (; i < parts.length; i++) {
    const word = parts[i];
    if (word === '-ro' || word === '-o') writable = false;
    else if (word === '-alldirs') subfoldersMountable = true;
    else if (word === '-network' || word === '-mask') {
      const value = parts[++i];
      if (!value) return `line ${line}: ${word} needs a value`;
      if (word === '-network') clients.push(`network ${value}`);
    } else if (word.startsWith('-network=')) clients.push(`network ${word.slice('-network='.length)}`);
    else if (word.startsWith('-'))
      continue; // -mapall=, -maproot=, -sec=, -32bitclients…: not ours to judge
    else clients.push(word);
  }
  const bad = paths.find((p) => !isPlainAbsolutePath(p));
  if (bad) return `line ${line}: "${bad}" is not a plain absolute path`;
  return paths.map((path) => ({ path, writable, clients, subfoldersMountable, line }));
}

function parseLinuxLine(text: string, line: number): ExportEntry[] | string {
  const [first, ...rest] = words(text);
  const path = unescapeLinuxPath(first);
  if (!isPlainAbsolutePath(path)) return `line ${line}: an export starts with an absolute path`;
  const clients: string[] = [];
  let anyWritable = false;
  for (const word of rest) {
    const match = /^([^()\s]*)(?:\(([^()]*)\))?$/.exec(word);
    if (!match) return `line ${line}: cannot read the client "${word}"`;
    const [, client, options = ''] = match;
    if (client) clients.push(client);
    // Linux exports are read-only unless `rw` is given.
    if (options.split(',').includes('rw')) anyWritable = true;
  }
  return [{ path, writable: anyWritable, clients, subfoldersMountable: true, line }];
}

/** Parses an exports file's text; pure, so both dialects are tested on real-format text. */
export function parseExports(text: string, dialect: ExportsDialect): ExportsReading {
  const entries: ExportEntry[] = [];
  const problems: string[] = [];
  for (const { line, text: logical } of logicalLines(text)) {
    if (logical.length > MAX_LINE_CHARS) {
      problems.push(`line ${line}: longer than ${MAX_LINE_CHARS} characters`);
      continue;
    }
    const parsed = dialect === 'macos' ? parseMacLine(logical, line) : parseLinuxLine(logical, line);
    if (typeof parsed === 'string') problems.push(parsed);
    else entries.push(...parsed);
  }
  return { entries, problems };
}

/**
 * Reads and parses an exports file. Missing: no entries (no NFS server is set up). Larger than
 * EXPORTS_MAX_BYTES: refused with a problem, nothing read past the bound. Synchronous on purpose:
 * a file of at most 64 KiB, read where the runner decides (synchronously) what a mount can run.
 */
export function readExportsFile(path: string, dialect: ExportsDialect): ExportsReading {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], problems: [] };
    return { entries: [], problems: [`${path}: ${(err as Error).message}`] };
  }
  try {
    if (!fstatSync(fd).isFile()) return { entries: [], problems: [`${path} is not a regular file`] };
    const buffer = Buffer.alloc(EXPORTS_MAX_BYTES + 1);
    const bytesRead = readSync(fd, buffer, 0, buffer.length, 0);
    if (bytesRead > EXPORTS_MAX_BYTES)
      return { entries: [], problems: [`${path} is larger than ${EXPORTS_MAX_BYTES} bytes: not read`] };
    return parseExports(buffer.subarray(0, bytesRead).toString('utf8'), dialect);
  } finally {
    closeSync(fd);
  }
}
