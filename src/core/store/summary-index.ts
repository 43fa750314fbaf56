// The History list without reading every result file each time: a cache of run summaries kept in
// the results folder (`.summaries.json`), keyed by file name and checked against each file's size
// and modification time. Only new or changed files are parsed; with 1,000 stored runs that turns a
// cold list from parsing 1,000 files into 1,000 stats. The cache is derived data: an unreadable or
// stale one is simply rebuilt, and failing to write it never fails the list.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { RunSummary } from '../../shared/api';
import { SIZES, WORKLOAD_IDS } from '../../shared/ids';
import { ROLES } from '../../shared/roles';
import { WINNER_STATES } from '../../shared/winner-state';
import { writeFileAtomic } from '../fs/atomic-write';
import { runFileNames } from './result-store';
import { summarizeRunFile } from './summarize-off-thread';
import { parseUntrustedJson } from '../../shared/json-limits';
import { readRegularFile } from '../fs/read-regular-file';
import { resultsGeneration } from './results-generation';
import { fanOut } from '../fan-out';

export const SUMMARY_INDEX_NAME = '.summaries.json';
/** The index's format (indexSchema says what each version changed). */
export const SUMMARY_INDEX_VERSION = 8;
const STAT_CONCURRENCY = 16;
/** About 1 KB a run: room for tens of thousands of runs. */
const MAX_INDEX_BYTES = 64 * 1024 * 1024;

const summarySchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    status: z.enum(['completed', 'cancelled', 'failed']),
    machineLabel: z.string(),
    engineName: z.string().nullable(),
    backends: z.array(z.string()),
    workloads: z.array(z.enum(WORKLOAD_IDS)),
    resultCount: z.number().int().min(0),
    errorCount: z.number().int().min(0),
    finishedAt: z.string().optional(),
    sizes: z.array(z.enum(SIZES)).optional(),
    winner: z
      .object({
        state: z.enum(WINNER_STATES),
        label: z.string(),
        roles: z
          .array(
            z
              .object({
                role: z.enum(ROLES),
                state: z.enum(WINNER_STATES),
                label: z.string(),
                drift: z
                  .object({ factor: z.number().finite().min(1), source: z.enum(['passes', 'control']) })
                  .strict()
                  .optional(),
                resolution: z.number().finite().min(1).optional(),
                resolvedBy: z.literal('race').optional(),
              })
              .strict(),
          )
          .max(ROLES.length)
          .optional(),
      })
      .strict()
      .nullable()
      .optional(),
    machineKey: z.string().optional(),
    origin: z.literal('hyperfine').optional(),
  })
  .strict();

const entrySchema = z.object({ mtimeMs: z.number(), size: z.number().int().min(0), summary: summarySchema });

/**
 * Since 5 (numbered 4 on its own branch): entries are a list, each with its file name. Version 3 kept them as an object keyed by file
 * name, so every stored run added a distinct key: at 10,000 runs the JSON limits (which bound
 * distinct keys and keys per object, json-limits.ts) refused the index, and every list parsed all
 * the files again. As a list the index has a fixed set of key names and about six containers a
 * run, so it stays within the limits up to MAX_INDEXED_RUNS.
 */
const indexSchema = z.object({
  schema: z.literal('mountbench-summaries'),
  // 3: summaries name the winner, the machine and the origin; 5: one winner per role (a lone
  // backend is its role's only option, not its winner) and the entries as a list (below). Both
  // changes were first numbered 4 apart, so 5 is the first version with both; 6: a tie within the
  // machine's drift between a sweep's settings says so (RoleWinner.drift), where 5 called it
  // equivalent; 7: so does a tie finer than a sweep could see (RoleWinner.resolution); 8: and one
  // a run's race left undecided at its cap or as futile (RoleWinner.resolvedBy), where 7 named no
  // winner or read it at 95 %. An older index is rebuilt.
  version: z.literal(SUMMARY_INDEX_VERSION),
  entries: z.array(entrySchema.extend({ name: z.string().max(300) })),
});
type IndexEntry = z.infer<typeof entrySchema>;

/** 80,000 runs × ~6 containers stays under MAX_JSON_CONTAINERS (500,000) with room to spare. */
export const MAX_INDEXED_RUNS = 80_000;

export interface SummaryListing {
  /** Newest first. */
  summaries: RunSummary[];
  problems: { file: string; message: string }[];
}

async function readIndex(file: string): Promise<Map<string, IndexEntry>> {
  try {
    // Our own file, but on disk: bounded, never a FIFO, no deeper than any index is.
    const bytes = await readRegularFile(file, { maxBytes: MAX_INDEX_BYTES, noFollow: true });
    const json = parseUntrustedJson(bytes.toString('utf8'));
    if (!('value' in json)) return new Map();
    const parsed = indexSchema.safeParse(json.value);
    if (!parsed.success) return new Map();
    return new Map(parsed.data.entries.map(({ name, ...entry }) => [name, entry]));
  } catch {
    return new Map(); // missing or unreadable: rebuilt from the files
  }
}

async function summaryOf(
  file: string,
  cached: IndexEntry | undefined,
): Promise<{ entry: IndexEntry; fresh: boolean } | { message: string }> {
  try {
    const info = await fs.stat(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size)
      return { entry: cached, fresh: false };
    const { summary } = await summarizeRunFile(file, info.size);
    return { entry: { mtimeMs: info.mtimeMs, size: info.size, summary }, fresh: true };
  } catch (err) {
    return { message: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Calls made while a listing of the same folder is under way share it (serve: a page's reload
 * and every other page's refresh at once would each parse the folder's new files, a 50 MB run as
 * many times as there were calls). A write through this process (save, import, delete) starts a
 * new generation, so a call made after a write never gets a listing begun before it.
 */
const inFlight = new Map<
  string,
  { generation: number; listing: Promise<SummaryListing>; join(): Promise<SummaryListing> }
>();
let computed = 0;

/** How many listings were computed (not shared) by this process: what the load tests count. */
export function summaryListingsComputed(): number {
  return computed;
}

export function listRunSummaries(dir: string): Promise<SummaryListing> {
  const key = path.resolve(dir);
  const generation = resultsGeneration(dir);
  const running = inFlight.get(key);
  if (running && running.generation === generation) return running.join();
  computed += 1;
  const listing = computeListing(dir).finally(() => {
    if (inFlight.get(key)?.listing === listing) inFlight.delete(key);
  });
  // Its callers get it in batches (fan-out.ts): a listing thousands of calls wait for (serve under
  // load) would otherwise resume all of them in one stretch of the event loop.
  const join = fanOut(listing);
  inFlight.set(key, { generation, listing, join });
  return join();
}

async function computeListing(dir: string): Promise<SummaryListing> {
  const names = await runFileNames(dir);
  if (names === null) return { summaries: [], problems: [] };
  const indexFile = path.join(dir, SUMMARY_INDEX_NAME);
  const index = await readIndex(indexFile);
  const next = new Map<string, IndexEntry>();
  let changed = names.length !== index.size;
  const listing: SummaryListing = { summaries: [], problems: [] };
  const seen = new Map<string, string>();
  for (let i = 0; i < names.length; i += STAT_CONCURRENCY) {
    const batch = names.slice(i, i + STAT_CONCURRENCY);
    const outcomes = await Promise.all(batch.map((name) => summaryOf(path.join(dir, name), index.get(name))));
    outcomes.forEach((outcome, k) => {
      const file = path.join(dir, batch[k]);
      if ('message' in outcome) {
        listing.problems.push({ file, message: outcome.message });
        changed ||= index.has(batch[k]);
        return;
      }
      next.set(batch[k], outcome.entry);
      changed ||= outcome.fresh;
      // Same rule as listRuns: the first file (by name) holding an id wins.
      const first = seen.get(outcome.entry.summary.id);
      if (first !== undefined) {
        listing.problems.push({
          file,
          message: `${file} repeats run id ${outcome.entry.summary.id}, already loaded from ${first}; skipped`,
        });
        return;
      }
      seen.set(outcome.entry.summary.id, file);
      listing.summaries.push(outcome.entry.summary);
    });
  }
  listing.summaries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  if (next.size > MAX_INDEXED_RUNS) {
    listing.problems.push({
      file: indexFile,
      message: `${next.size} stored runs: more than the ${MAX_INDEXED_RUNS} the summary index keeps, so each list reads every file (delete or export old runs to speed it up)`,
    });
    changed = false;
  }
  if (changed) {
    const entries = [...next].map(([name, entry]) => ({ name, ...entry }));
    const text = `${JSON.stringify({ schema: 'mountbench-summaries', version: SUMMARY_INDEX_VERSION, entries })}\n`;
    // A read-only results folder still lists; the next list just parses again.
    await writeFileAtomic(indexFile, text).catch(() => undefined);
  }
  return listing;
}
