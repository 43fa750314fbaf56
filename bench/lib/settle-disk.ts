// Writes out what earlier work left dirty in the page cache before the next arm of a comparison
// starts, so that arm does not pay for the previous one's writes. Measured: without it, three arms
// run one after another laid the same fixtures in 19.5 s, 43.3 s and 52.7 s on a quiet machine,
// the later arms flushing the earlier ones' 100 MB dd-write files while they wrote.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs `sync` (every dirty page to disk) and returns how long it took, in seconds. */
export async function settleDisk(): Promise<number> {
  const started = performance.now();
  await run('sync', [], { timeout: 300_000 });
  return (performance.now() - started) / 1000;
}
