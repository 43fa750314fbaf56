// "Have the files arrived?" for a sync tool that offers no flush of its own (docker-sync with
// native_osx, whose `sync` command does nothing: docs/product-facts.md). Both sides are listed
// as relative path → size of every regular file (-1 for a folder: an empty workload folder must
// arrive too), and the wait ends when the lists agree; a
// time-out names what never arrived, so a result never times the tool's CLI start-up instead.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MountbenchError } from '../../shared/errors';

export type Listing = Map<string, number>;

/** Runs a shell script where the synced folder is seen (the bench container). */
export type RunInContainer = (
  script: string,
  signal: AbortSignal,
) => Promise<{ stdout: string; exitCode: number }>;

/** Bounds: a fixture has at most tens of thousands of files; a deeper or bigger tree is refused. */
const MAX_ENTRIES = 500_000;
const MAX_DEPTH = 64;
const DIR = -1;

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export async function listHost(root: string, signal?: AbortSignal): Promise<Listing> {
  const out: Listing = new Map();
  const walk = async (dir: string, rel: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH)
      throw new MountbenchError('IO', `${dir} is nested deeper than ${MAX_DEPTH} folders`);
    signal?.throwIfAborted();
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const e of entries) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        out.set(path, DIR);
        await walk(join(dir, e.name), path, depth + 1);
      } else if (e.isFile()) {
        const st = await fs.stat(join(dir, e.name)).catch(() => null);
        if (st) out.set(path, st.size);
        if (out.size > MAX_ENTRIES)
          throw new MountbenchError('IO', `${root} holds more than ${MAX_ENTRIES} files`);
      }
    }
  };
  await walk(root, '', 0);
  return out;
}

/** `find -exec stat {} +` in the container: BusyBox has both. Lines are "<size> ./<path>", -1 for a folder. */
export function containerListingScript(root: string): string {
  return (
    `cd ${shellQuote(root)} 2>/dev/null || exit 0; ` +
    `find . -mindepth 1 -type d -exec stat -c '${DIR} %n' {} + && find . -type f -exec stat -c '%s %n' {} +`
  );
}

export function parseListing(stdout: string): Listing {
  const out: Listing = new Map();
  for (const line of stdout.split('\n')) {
    const m = /^(-1|\d+) \.\/(.+)$/.exec(line);
    if (m) out.set(m[2], Number(m[1]));
    if (out.size > MAX_ENTRIES)
      throw new MountbenchError('IO', `the container folder holds more than ${MAX_ENTRIES} files`);
  }
  return out;
}

export interface ListingDiff {
  hostOnly: string[];
  containerOnly: string[];
  sizeDiffers: string[];
}

export function diffListings(host: Listing, container: Listing): ListingDiff {
  const diff: ListingDiff = { hostOnly: [], containerOnly: [], sizeDiffers: [] };
  for (const [path, size] of host) {
    const other = container.get(path);
    if (other === undefined) diff.hostOnly.push(path);
    else if (other !== size) diff.sizeDiffers.push(path);
  }
  for (const path of container.keys()) if (!host.has(path)) diff.containerOnly.push(path);
  return diff;
}

function same(d: ListingDiff): boolean {
  return d.hostOnly.length + d.containerOnly.length + d.sizeDiffers.length === 0;
}

function names(list: string[]): string {
  const shown = list.slice(0, 5).join(', ');
  return list.length > 5 ? `${shown} and ${list.length - 5} more` : shown;
}

export function describeDiff(d: ListingDiff): string {
  const parts: string[] = [];
  if (d.hostOnly.length)
    parts.push(`${d.hostOnly.length} file(s) never arrived in the container (${names(d.hostOnly)})`);
  if (d.containerOnly.length)
    parts.push(`${d.containerOnly.length} file(s) never arrived on the host (${names(d.containerOnly)})`);
  if (d.sizeDiffers.length)
    parts.push(`${d.sizeDiffers.length} file(s) still differ in size (${names(d.sizeDiffers)})`);
  return parts.join('; ');
}

export interface WaitForSameOptions {
  hostRoot: string;
  containerRoot: string;
  run: RunInContainer;
  signal: AbortSignal;
  timeoutMs: number;
  /** Pause between two checks; a check itself takes one `docker exec`. */
  intervalMs?: number;
  tool: string;
}

/** Resolves once host and container hold the same files with the same sizes; throws naming the rest. */
export async function waitForSameContent(o: WaitForSameOptions): Promise<void> {
  const deadline = performance.now() + o.timeoutMs;
  for (;;) {
    const [host, inContainer] = await Promise.all([
      listHost(o.hostRoot, o.signal),
      o.run(containerListingScript(o.containerRoot), o.signal),
    ]);
    if (inContainer.exitCode !== 0)
      throw new MountbenchError('WORKLOAD_FAILED', `listing ${o.containerRoot} in the container failed`);
    const diff = diffListings(host, parseListing(inContainer.stdout));
    if (same(diff)) return;
    if (performance.now() >= deadline) {
      throw new MountbenchError(
        'WORKLOAD_FAILED',
        `${o.tool} did not carry the files across within ${Math.round(o.timeoutMs / 1000)} s: ${describeDiff(diff)}`,
      );
    }
    await sleep(o.intervalMs ?? 100, undefined, { signal: o.signal }).catch(() => {
      throw new MountbenchError('CANCELLED', `waiting for ${o.tool}: cancelled`);
    });
  }
}
