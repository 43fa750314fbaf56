// The journal's on-disk records: one JSON object a line, appended and fsynced one at a time, so a
// crash leaves at worst a truncated last line (ignored when read back, cut before the next append).
// A journal is read as untrusted input like any file: every record is checked against its shape.
import path from 'node:path';
import { z } from 'zod';
import { MountbenchError } from '../../shared/errors';
import { describeIssues } from '../../shared/describe-issue';
import { jsonShapeProblem, parseUntrustedJson } from '../../shared/json-limits';
import { jsonErrorText } from '../../shared/json-error-text';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Who restores a record: a provider id, or `docker-cli` for the user's current Docker context. */
export type JournalOwner = string;

/** A file as it was before anything changed, and where its bytes are kept. */
export interface FileOriginal {
  owner: JournalOwner;
  path: string;
  /** False: the file did not exist, and restoring means removing it. */
  existed: boolean;
  /** sha256 of the original bytes (empty when it did not exist). */
  sha256: string;
  /** Copy of the original bytes in the data folder (the backup the user can always fall back on). */
  backup: string | null;
  mode: number | null;
}

const owner = z.string().min(1).max(100);
const pid = z.number().int().positive();
/** The writer's process start (ms since the epoch): tells the owner from a later holder of its pid. */
const pidStartedAt = z.number().finite().optional();
const jsonValue: z.ZodType<JsonValue> = z.json() as z.ZodType<JsonValue>;

const recordSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('begin'),
    id: z.string().max(100),
    startedAt: z.string().max(40),
    pid,
    pidStartedAt,
    purpose: z.string().max(300),
    /** The home the products' settings files were under when the journal was written. */
    home: z.string().max(4096).optional(),
  }),
  z.strictObject({
    type: z.literal('file'),
    owner,
    path: z.string().min(1).max(4096),
    existed: z.boolean(),
    sha256: z.string().regex(/^([0-9a-f]{64})?$/),
    backup: z.string().max(4096).nullable(),
    mode: z.number().int().min(0).nullable(),
  }),
  z.strictObject({ type: z.literal('state'), owner, key: z.string().max(200), value: jsonValue }),
  z.strictObject({
    type: z.literal('step'),
    n: z.number().int().positive(),
    pid,
    pidStartedAt,
    owner,
    phase: z.enum(['apply', 'restore']),
    action: z.string().max(200),
    detail: z.string().max(2000).optional(),
  }),
  z.strictObject({ type: z.literal('restored'), owner }),
  z.strictObject({
    type: z.literal('end'),
    status: z.enum(['completed', 'restored']),
    at: z.string().max(40),
  }),
]);

export type JournalRecord = z.infer<typeof recordSchema>;

/** A settings file is a few KB: the most a backup (or a file restored over) may hold. */
export const MAX_SETTINGS_BYTES = 16 * 1024 * 1024;
/** Journals hold a few dozen records; this is far beyond any real one. */
export const MAX_JOURNAL_BYTES = 16 * 1024 * 1024;
/** A record nests a state value at most a few levels deep. */
const MAX_RECORD_DEPTH = 32;

export interface ParsedJournal {
  records: JournalRecord[];
  /**
   * Where a torn last line starts (a crash mid-append), in bytes; null when the file ends cleanly.
   * The next append must cut the file there first, or the torn line ends up in the middle.
   */
  tornAt: number | null;
}

function notAJournal(file: string, line: number, reason: string): MountbenchError {
  return new MountbenchError(
    'FILE_INVALID',
    `${file} line ${line} is not a journal record Mountbench wrote (${reason}). Nothing was restored ` +
      `from it: check by hand what it names, then move it out of ${path.dirname(file)}.`,
  );
}

function parseLine(line: string): JournalRecord | string {
  const shape = jsonShapeProblem(line, MAX_RECORD_DEPTH);
  if (shape !== null) return shape;
  let parsed: ReturnType<typeof parseUntrustedJson>;
  try {
    parsed = parseUntrustedJson(line);
  } catch (err) {
    return `not JSON: ${jsonErrorText(err, line)}`;
  }
  if ('refused' in parsed) return parsed.refused;
  const checked = recordSchema.safeParse(parsed.value);
  return checked.success ? checked.data : describeIssues(checked.error.issues);
}

/**
 * The records of the journal `file` (its bytes in `bytes`). Only the last line may be torn (what a
 * crash mid-append leaves): it is ignored and reported in `tornAt`. Anything else that is not a
 * record throws an error that names the file and the line and says what to do.
 */
export function parseJournal(bytes: Buffer, file: string): ParsedJournal {
  const records: JournalRecord[] = [];
  let tornAt: number | null = null;
  let start = 0;
  for (let line = 1; start < bytes.length; line += 1) {
    const newline = bytes.indexOf(0x0a, start);
    // An unterminated last line is what a crash mid-append leaves, even when it happens to parse:
    // append() returns only after the whole line and its newline are synced, so the action that
    // record announced never ran.
    if (newline === -1) {
      tornAt = start;
      break;
    }
    const text = bytes.subarray(start, newline).toString('utf8');
    if (text.trim() !== '') {
      const record = parseLine(text);
      if (typeof record === 'string') throw notAJournal(file, line, record);
      records.push(record);
    }
    start = newline + 1;
  }
  return { records, tornAt };
}

/** What one owner recorded: what its restore() gets. */
export interface ProviderOriginals {
  files: FileOriginal[];
  /** First value recorded per key wins: a later record never overwrites an original. */
  state: Record<string, JsonValue>;
}

export function originalsOf(records: readonly JournalRecord[], owner: JournalOwner): ProviderOriginals {
  const files: FileOriginal[] = [];
  const state: Record<string, JsonValue> = {};
  for (const r of records) {
    if (r.type === 'file' && r.owner === owner && !files.some((f) => f.path === r.path)) {
      const { type: _type, ...file } = r;
      files.push(file);
    }
    if (r.type === 'state' && r.owner === owner && !(r.key in state)) state[r.key] = r.value;
  }
  return { files, state };
}

/** Owners in the order they first recorded anything; restore runs in the reverse order. */
export function ownersOf(records: readonly JournalRecord[]): JournalOwner[] {
  const owners: JournalOwner[] = [];
  for (const r of records) {
    if ((r.type === 'file' || r.type === 'state') && !owners.includes(r.owner)) owners.push(r.owner);
  }
  return owners;
}

/** A journal file as a scan of the folder found it (journal.ts scans, prune-journals.ts prunes). */
export interface UnfinishedJournal {
  id: string;
  file: string;
  records: JournalRecord[];
  /** Set when the file cannot be read or is not a journal: what is wrong and what to do. */
  problem?: string;
}

export interface ScannedJournal extends UnfinishedJournal {
  finished: boolean;
}
