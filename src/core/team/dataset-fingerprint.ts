// What a saved Team view is keyed by: every entry a read of the dataset would look at, and for each
// file that would be read as a run its identity as run-file-cache.ts trusts it (device, inode, size,
// modification and status-change times to the nanosecond: a rewrite in place moves ctime, which the
// writer cannot set back, and a replacement by rename is a new inode). Nothing is read but the
// listing and each file's lstat, which is what lets a view unchanged since it was saved open without
// checking a file. Anything that would change what a read concludes changes the fingerprint: the
// limits of the read and the code that analyses (the app's version and the saved format's).
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { APP_VERSION } from '../app-version';
import { MAX_DATASET_BYTES, MAX_DATASET_FILE_BYTES, MAX_DATASET_FILES } from './dataset-layout';
import { listDataset } from './read-dataset';

export interface FingerprintLimits {
  maxFileBytes?: number;
  maxFiles?: number;
  maxTotalBytes?: number;
}

/** Bumped whenever the saved shape or the analysis behind it changes within one app version. */
export const VIEW_FORMAT_VERSION = 1;

/** lstat calls in flight at once (libuv runs four at a time anyway). */
const BATCH = 256;

async function identity(root: string, relative: string): Promise<string> {
  try {
    const s = await fs.lstat(path.join(root, ...relative.split('/')), { bigint: true });
    return [s.mode, s.dev, s.ino, s.size, s.mtimeNs, s.ctimeNs].join(':');
  } catch (err) {
    // Gone or unreadable since the listing: a key no saved view can have, so the read decides.
    return `error:${(err as NodeJS.ErrnoException).code ?? 'unknown'}`;
  }
}

/** SHA-256 (hex) of the dataset at `root` (a real path) as a read with these limits would see it. */
export async function datasetFingerprint(root: string, limits: FingerprintLimits = {}): Promise<string> {
  const maxFiles = limits.maxFiles ?? MAX_DATASET_FILES;
  const listing = await listDataset(root, maxFiles);
  const hash = createHash('sha256');
  const field = (...parts: (string | number)[]) => hash.update(`${parts.join('\u0000')}\n`);
  field('mountbench-team-view', VIEW_FORMAT_VERSION, APP_VERSION, root);
  field(
    'limits',
    limits.maxFileBytes ?? MAX_DATASET_FILE_BYTES,
    maxFiles,
    limits.maxTotalBytes ?? MAX_DATASET_BYTES,
  );
  for (let i = 0; i < listing.candidates.length; i += BATCH) {
    const batch = listing.candidates.slice(i, i + BATCH);
    const ids = await Promise.all(batch.map((relative) => identity(root, relative)));
    batch.forEach((relative, j) => field('file', relative, ids[j]));
  }
  // Entries refused by the walk alone (a folder where a file should be, a link, a stray name): the
  // read reports them from the listing, so their names and reasons are all that matters.
  for (const r of listing.refused) field('refused', r.file, r.reason);
  return hash.digest('hex');
}
