// The finished Team view kept on disk, so a dataset unchanged since it was last read (by `team
// pull` or the Team page) opens without checking every file and analysing them again: the
// fingerprint (dataset-fingerprint.ts) costs a listing and an lstat per file, against seconds for a
// read of a thousand runs. One file per dataset folder in Mountbench's cache folder: a MAC line
// (HMAC-SHA256 with the data folder's key, view-cache-key.ts), then the view as JSON. A saved view
// is an untrusted file like any other: bounded, never through a link, its MAC checked before it is
// parsed, then its shape, its folder and its fingerprint. Anything wrong is a miss, never an error:
// the caller reads the dataset as if nothing had been saved, and saving again replaces the file.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../fs/read-regular-file';
import { makeDirs } from '../fs/make-dirs';
import { analyzeTeamShared, type SharedAnalysis } from './analyze-team';
import { datasetFingerprint, type FingerprintLimits } from './dataset-fingerprint';
import type { Dataset } from './read-dataset';
import { viewCacheKey } from './view-cache-key';
import { savedViewSchema, type SavedView } from './view-cache-schema';

export type { SavedView };

/** Where views are saved and where the key that signs them is kept. */
export interface ViewCacheLocation {
  /** Mountbench's data folder: the key. */
  dataDir: string;
  /** Mountbench's cache folder: the views, under team-views/. */
  cacheDir: string;
}

export const VIEW_CACHE_DIR = 'team-views';
/** A 1,000-run dataset's view is about a megabyte of JSON; one far larger is not saved. */
export const MAX_SAVED_VIEW_BYTES = 64 * 1024 * 1024;
/** Datasets whose views are kept; the least recently saved go first. */
export const MAX_SAVED_VIEWS = 16;

const MAC_HEX = 64;
const NAME = /^[0-9a-f]{32}\.json$/;
/** A temp file older than this was left by a crash; younger ones may be another process's write. */
const STALE_TEMP_MS = 60 * 60 * 1000;

export function savedViewFile(where: ViewCacheLocation, folder: string): string {
  const name = createHash('sha256').update(folder).digest('hex').slice(0, 32);
  return path.join(where.cacheDir, VIEW_CACHE_DIR, `${name}.json`);
}

function mac(key: Buffer, body: Buffer): Buffer {
  return createHmac('sha256', key).update(body).digest();
}

/** The saved view of `folder` if it is of the dataset as `fingerprint` describes it now; else null. */
export async function readSavedView(
  where: ViewCacheLocation,
  folder: string,
  fingerprint: string,
): Promise<SavedView | null> {
  try {
    const bytes = await readRegularFile(savedViewFile(where, folder), {
      maxBytes: MAX_SAVED_VIEW_BYTES + MAC_HEX + 1,
      noFollow: true,
    });
    if (bytes.length <= MAC_HEX + 1 || bytes[MAC_HEX] !== 0x0a) return null;
    const given = Buffer.from(bytes.subarray(0, MAC_HEX).toString('latin1'), 'hex');
    const body = bytes.subarray(MAC_HEX + 1);
    const expected = mac(await viewCacheKey(where.dataDir), body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const parsed = savedViewSchema.safeParse(JSON.parse(body.toString('utf8')));
    if (!parsed.success) return null;
    const view = parsed.data;
    return view.folder === folder && view.fingerprint === fingerprint ? view : null;
  } catch {
    // Missing, a link, too large, unreadable, not JSON, or no key can be made: nothing saved.
    return null;
  }
}

/**
 * Keeps the newest MAX_SAVED_VIEWS views (`kept`, the one just saved, always among them: times in
 * one millisecond tie) and removes temp files a crash left behind.
 */
async function prune(dir: string, kept: string): Promise<void> {
  const entries = await fs.readdir(dir);
  const views: { file: string; mtimeMs: number }[] = [];
  for (const name of entries) {
    const file = path.join(dir, name);
    const stat = await fs.lstat(file).catch(() => null);
    if (!stat?.isFile()) continue;
    if (NAME.test(name) && file !== kept) views.push({ file, mtimeMs: stat.mtimeMs });
    else if (name.endsWith('.tmp') && Date.now() - stat.mtimeMs > STALE_TEMP_MS)
      await fs.rm(file, { force: true });
  }
  views.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const old of views.slice(MAX_SAVED_VIEWS - 1)) await fs.rm(old.file, { force: true });
}

/**
 * Saves `view` for its folder, replacing any earlier one; true when saved. Never throws: a view
 * not saved is only a slower next open. Written to a temp file and renamed, so a reader sees the
 * old file or the new one; not fsynced, since a file a crash cut short fails its MAC and is a miss.
 */
export async function saveView(where: ViewCacheLocation, view: SavedView): Promise<boolean> {
  const target = savedViewFile(where, view.folder);
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const body = Buffer.from(JSON.stringify(view), 'utf8');
    if (body.length > MAX_SAVED_VIEW_BYTES) return false;
    const key = await viewCacheKey(where.dataDir);
    // The cache folder as any other code makes it; only the views' own folder is private.
    await makeDirs(where.cacheDir);
    await makeDirs(dir, 0o700);
    await fs.writeFile(temp, Buffer.concat([Buffer.from(`${mac(key, body).toString('hex')}\n`), body]), {
      flag: 'wx',
      mode: 0o600,
    });
    await fs.rename(temp, target);
    await prune(dir, target).catch(() => undefined);
    return true;
  } catch {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    return false;
  }
}

/**
 * The dataset's fingerprint, or null when it cannot be taken (the read that follows will say why):
 * taken before the read, so a file changed while it is read leaves a view saved under the old
 * fingerprint, which the next open does not match.
 */
export async function fingerprintOrNull(folder: string, limits: FingerprintLimits): Promise<string | null> {
  return datasetFingerprint(folder, limits).catch(() => null);
}

/** Analyses a dataset just read and saves the view; returns the analysis for the caller's use. */
export async function saveDatasetView(
  where: ViewCacheLocation,
  folder: string,
  fingerprint: string | null,
  dataset: Dataset,
): Promise<SharedAnalysis> {
  const shared = analyzeTeamShared(dataset.runs);
  if (fingerprint !== null)
    await saveView(where, {
      format: 'mountbench-team-view',
      folder,
      fingerprint,
      analysis: shared.analysis,
      latest: shared.latest,
      refused: dataset.refused,
    });
  return shared;
}
