// The fixtures the fixture benchmark lays, by workload id, at the sizes the runner uses.
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SizeName } from '../../src/shared/ids';
import type { FixtureSpec } from '../../src/core/fixtures/fixture-spec';
import { workloadById } from '../../src/core/workloads/registry';
import { MountbenchError } from '../../src/shared/errors';

export const FIXTURE_WORKLOADS = ['small-file-read', 'site-build', 'git-status'] as const;
export type FixtureWorkload = (typeof FIXTURE_WORKLOADS)[number];

export function benchFixture(id: FixtureWorkload, size: SizeName): FixtureSpec {
  const workload = workloadById(id);
  const spec = workload.fixture(size);
  if (!spec) throw new MountbenchError('INTERNAL', `${id} has no fixture`);
  return spec;
}

/** Files and bytes a fixture holds, to check that both sides laid the same tree. */
export function fixtureTotals(spec: FixtureSpec): { files: number; bytes: number } {
  let files = 0;
  for (const entry of spec.entries()) if (entry.type === 'file') files += 1;
  return { files, bytes: spec.totalBytes };
}

/** Files and bytes actually on disk under `root`. */
export async function treeTotals(root: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    // Node 20.12+ names the folder `parentPath`; earlier 20.x only `path`.
    const dir = (entry as { parentPath?: string }).parentPath ?? entry.path;
    bytes += (await lstat(join(dir, entry.name))).size;
  }
  return { files, bytes };
}
