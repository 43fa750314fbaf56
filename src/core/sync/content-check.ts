// "Have the files arrived?" for a sync tool that offers no flush of its own (docker-sync with
// native_osx, whose `sync` command does nothing: docs/product-facts.md). Both sides are listed
// as relative path → size of every regular file (-1 for a folder: an empty workload folder must
// arrive too), and the wait ends when the lists agree; a time-out names what never arrived, so a
// result never times the tool's CLI start-up instead.
// Sizes alone cannot tell a new file from the last round's copy of the same size (dd-write
// rewrites `speedtest` with the same 100 000 KiB every sample). So each side also carries a
// change stamp (inode and modification time, read on that side's own clock), and a flush
// remembers the stamps both sides had when they last agreed: a file the container changed since
// then has arrived once the host's copy has changed too, or holds the same bytes (a tool that
// compares content, as unison does, has nothing to carry for a rewrite with the same bytes; the
// checksums are taken once per file and flush, and the flush is timed to the listing that agreed,
// not to the checksums). No clock is compared across the VM boundary.
import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MountbenchError } from '../../shared/errors';

/** Relative path → size in bytes (-1 for a folder). */
export type Listing = Map<string, number>;
/** Relative path → a stamp that changes whenever the file is rewritten or replaced. */
export type Stamps = Map<string, string>;

export interface Scan {
  sizes: Listing;
  stamps: Stamps;
}

/** Both sides' stamps when they last agreed; the next flush compares against it. */
export interface Agreement {
  host: Stamps;
  container: Stamps;
}

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

/** Every file and folder under `root` on the host, with sizes and change stamps. */
export async function scanHost(root: string, signal?: AbortSignal): Promise<Scan> {
  const sizes: Listing = new Map();
  const stamps: Stamps = new Map();
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
        sizes.set(path, DIR);
        await walk(join(dir, e.name), path, depth + 1);
      } else if (e.isFile()) {
        const st = await fs.stat(join(dir, e.name), { bigint: true }).catch(() => null);
        if (st) {
          sizes.set(path, Number(st.size));
          stamps.set(path, `${st.ino}:${st.mtimeNs}`);
        }
      }
      if (sizes.size > MAX_ENTRIES)
        throw new MountbenchError('IO', `${root} holds more than ${MAX_ENTRIES} files`);
    }
  };
  await walk(root, '', 0);
  return { sizes, stamps };
}

export async function listHost(root: string, signal?: AbortSignal): Promise<Listing> {
  return (await scanHost(root, signal)).sizes;
}

/**
 * `find -exec stat {} +` in the container: BusyBox has both. Folders are "-1 ./<path>", files
 * "<size> <inode>:<mtime>|./<path>" (BusyBox's %y has nanoseconds).
 */
export function containerListingScript(root: string): string {
  return (
    `cd ${shellQuote(root)} 2>/dev/null || exit 0; ` +
    `find . -mindepth 1 -type d -exec stat -c '${DIR} %n' {} + && ` +
    `find . -type f -exec stat -c '%s %i:%y|%n' {} +`
  );
}

export function parseContainerScan(stdout: string): Scan {
  const sizes: Listing = new Map();
  const stamps: Stamps = new Map();
  for (const line of stdout.split('\n')) {
    const file = /^(\d+) ([^|]*)\|\.\/(.+)$/.exec(line);
    const dir = file ? null : /^-1 \.\/(.+)$/.exec(line);
    if (file) {
      sizes.set(file[3], Number(file[1]));
      stamps.set(file[3], file[2]);
    } else if (dir) sizes.set(dir[1], DIR);
    if (sizes.size > MAX_ENTRIES)
      throw new MountbenchError('IO', `the container folder holds more than ${MAX_ENTRIES} files`);
  }
  return { sizes, stamps };
}

export function parseListing(stdout: string): Listing {
  return parseContainerScan(stdout).sizes;
}

export interface ListingDiff {
  hostOnly: string[];
  containerOnly: string[];
  sizeDiffers: string[];
  /** Changed in the container since the last agreement, while the host still has its old copy. */
  notYetBack: string[];
  /** One-way tools: changed on the host since the last agreement, the container still has its old copy. */
  notYetIn?: string[];
}

export function diffListings(host: Listing, container: Listing): ListingDiff {
  const diff: ListingDiff = { hostOnly: [], containerOnly: [], sizeDiffers: [], notYetBack: [] };
  for (const [path, size] of host) {
    const other = container.get(path);
    if (other === undefined) diff.hostOnly.push(path);
    else if (other !== size) diff.sizeDiffers.push(path);
  }
  for (const path of container.keys()) if (!host.has(path)) diff.containerOnly.push(path);
  return diff;
}

/** Files the container rewrote since `since` whose host copy is still the one of that moment. */
export function notYetBack(host: Scan, container: Scan, since: Agreement | undefined): string[] {
  if (!since) return [];
  const out: string[] = [];
  for (const [path, stamp] of container.stamps) {
    const hostStamp = host.stamps.get(path);
    const changedInContainer = since.container.get(path) !== stamp;
    const unchangedOnHost = hostStamp !== undefined && since.host.get(path) === hostStamp;
    if (changedInContainer && unchangedOnHost) out.push(path);
  }
  return out;
}

/**
 * One-way tools (Compose Watch): files the host rewrote since `since` whose container copy is still
 * the one of that moment. The mirror of notYetBack.
 */
export function notYetIn(host: Scan, container: Scan, since: Agreement | undefined): string[] {
  if (!since) return [];
  const out: string[] = [];
  for (const [path, stamp] of host.stamps) {
    const containerStamp = container.stamps.get(path);
    const changedOnHost = since.host.get(path) !== stamp;
    const unchangedInContainer = containerStamp !== undefined && since.container.get(path) === containerStamp;
    if (changedOnHost && unchangedInContainer) out.push(path);
  }
  return out;
}

function same(d: ListingDiff): boolean {
  return (
    d.hostOnly.length +
      d.containerOnly.length +
      d.sizeDiffers.length +
      d.notYetBack.length +
      (d.notYetIn?.length ?? 0) ===
    0
  );
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
  if (d.notYetBack.length)
    parts.push(
      `${d.notYetBack.length} file(s) rewritten in the container never came back to the host (${names(d.notYetBack)})`,
    );
  if (d.notYetIn?.length)
    parts.push(
      `${d.notYetIn.length} file(s) rewritten on the host never reached the container (${names(d.notYetIn)})`,
    );
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
  /** What both sides held when they last agreed (the previous flush); none before the first. */
  since?: Agreement;
  /**
   * The tool copies host → container only (Compose Watch): files only the container has, and the
   * container's own rewrites, are what the workload wrote and never travel; only host files count.
   */
  oneWay?: boolean;
}

/** md5 of each file, host side. */
async function hostDigest(path: string, signal: AbortSignal): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path, { signal })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** How many ambiguous files one flush checksums at most; the rest wait for their stamps. */
const MAX_DIGESTS = 64;

/** The paths among `paths` whose bytes are the same on both sides (BusyBox has md5sum). */
async function sameBytes(o: WaitForSameOptions, paths: string[]): Promise<Set<string>> {
  const some = paths.slice(0, MAX_DIGESTS);
  const listed = await o.run(
    `cd ${shellQuote(o.containerRoot)} && md5sum -- ${some.map((p) => shellQuote(p)).join(' ')}`,
    o.signal,
  );
  const inContainer = new Map<string, string>();
  for (const line of listed.stdout.split('\n')) {
    const m = /^([0-9a-f]{32}) {2}(.+)$/.exec(line);
    if (m) inContainer.set(m[2], m[1]);
  }
  const out = new Set<string>();
  for (const path of some) {
    const there = inContainer.get(path);
    if (there && there === (await hostDigest(join(o.hostRoot, path), o.signal).catch(() => null)))
      out.add(path);
  }
  return out;
}

export interface Agreed {
  agreement: Agreement;
  /** performance.now() when the listing that agreed had been taken (before any checksum). */
  observedAt: number;
}

/**
 * Resolves once host and container hold the same files with the same sizes, and every file the
 * container changed since `since` has changed on the host too or holds the same bytes; throws
 * naming the rest. Returns the agreement, for the next flush.
 */
export async function waitForSameContent(o: WaitForSameOptions): Promise<Agreed> {
  const deadline = performance.now() + o.timeoutMs;
  /** Verdicts of checksums already taken in this flush: path + both stamps → same bytes. */
  const checked = new Map<string, boolean>();
  for (;;) {
    const [host, inContainer] = await Promise.all([
      scanHost(o.hostRoot, o.signal),
      o.run(containerListingScript(o.containerRoot), o.signal),
    ]);
    const observedAt = performance.now();
    if (inContainer.exitCode !== 0)
      throw new MountbenchError('WORKLOAD_FAILED', `listing ${o.containerRoot} in the container failed`);
    const container = parseContainerScan(inContainer.stdout);
    const diff = diffListings(host.sizes, container.sizes);
    if (o.oneWay) diff.containerOnly = [];
    const key = (p: string): string => `${p}\0${host.stamps.get(p)}\0${container.stamps.get(p)}`;
    const ambiguous = (o.oneWay ? notYetIn : notYetBack)(host, container, o.since);
    const unchecked = ambiguous.filter(
      (p) => !checked.has(key(p)) && host.sizes.get(p) === container.sizes.get(p),
    );
    if (
      unchecked.length &&
      diff.hostOnly.length + diff.containerOnly.length + diff.sizeDiffers.length === 0
    ) {
      const identical = await sameBytes(o, unchecked);
      for (const p of unchecked.slice(0, MAX_DIGESTS)) checked.set(key(p), identical.has(p));
    }
    const pending = ambiguous.filter((p) => checked.get(key(p)) !== true);
    if (o.oneWay) diff.notYetIn = pending;
    else diff.notYetBack = pending;
    if (same(diff)) return { agreement: { host: host.stamps, container: container.stamps }, observedAt };
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
