// After a write-back flush the host must hold what the container wrote: the same files with the
// same sizes. Checked by listing both sides, so a sync that "finished" without carrying the bytes
// is reported instead of trusted.
import { MountbenchError } from '../../shared/errors';
import { scanHost } from '../sync/content-check';
import type { BackendExecutor } from './executor';
import { shellQuote } from '../workloads/sample-script';

/** Relative path → size in bytes. */
export type FileSizes = Map<string, number>;

/** Parses `stat -c '%s %n'` lines of `find . -type f` run in the folder. */
export function parseFileSizes(stdout: string): FileSizes {
  const sizes: FileSizes = new Map();
  for (const line of stdout.split('\n')) {
    const match = /^(\d+) (?:\.\/)?(.+)$/.exec(line);
    if (match) sizes.set(match[2], Number(match[1]));
  }
  return sizes;
}

/** Up to `limit` differences, in words; empty when both sides hold the same files and sizes. */
export function treeDifferences(container: FileSizes, host: FileSizes, limit = 3): string[] {
  const out: string[] = [];
  for (const [path, size] of container) {
    const there = host.get(path);
    if (there === undefined) out.push(`${path} is missing on the host`);
    else if (there !== size) out.push(`${path} has ${there} bytes on the host, ${size} in the container`);
  }
  for (const path of host.keys()) if (!container.has(path)) out.push(`${path} is on the host only`);
  return out.slice(0, limit);
}

/** The host folder's regular files and sizes: content-check's bounded walk, folders left out. */
export async function hostFileSizes(root: string): Promise<FileSizes> {
  const { sizes } = await scanHost(root);
  return new Map([...sizes].filter(([, size]) => size >= 0));
}

export async function checkWriteBack(
  executor: BackendExecutor,
  workdir: string,
  hostDir: string,
  signal: AbortSignal,
): Promise<{ files: number; bytes: number }> {
  const listed = await executor.run(
    `cd ${shellQuote(workdir)} && find . -type f -exec stat -c '%s %n' {} +`,
    signal,
  );
  if (listed.exitCode !== 0)
    throw new MountbenchError(
      'WORKLOAD_FAILED',
      `listing the container's files failed: ${listed.stderr.trim()}`,
    );
  const container = parseFileSizes(listed.stdout);
  const differences = treeDifferences(container, await hostFileSizes(hostDir));
  if (differences.length) {
    throw new MountbenchError(
      'WORKLOAD_FAILED',
      `after the write-back flush the host does not hold what the container wrote: ${differences.join('; ')}`,
    );
  }
  let bytes = 0;
  for (const size of container.values()) bytes += size;
  return { files: container.size, bytes };
}
