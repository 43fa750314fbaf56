// Writes out what earlier work left dirty in the page cache before the next arm of a comparison
// starts, so that arm does not pay for the previous one's writes (the dd-write arms leave 100 MB
// files behind). Checked on 1 Dec 2026: arms run one after another laid the same fixtures in 19.5,
// 43.3 and 52.7 s, yet `sync` here found nothing to write (0.0 s), so that growth was the disk's own
// drift, not this; the script rotates its arms for that. The sync stays, and its time is printed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs `sync` (every dirty page to disk) and returns how long it took, in seconds. */
export async function settleDisk(): Promise<number> {
  const started = performance.now();
  await run('sync', [], { timeout: 300_000 });
  return (performance.now() - started) / 1000;
}
