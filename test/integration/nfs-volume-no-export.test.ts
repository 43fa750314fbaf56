// The NFS volume where the host exports nothing (this machine: no NFS server in its kernel, and
// /etc/exports holds only comments): the run, on the real engine, skips every workload on it
// with the commands the user must run, makes nothing for it, and still measures the other mounts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareRun } from '../../src/core/runner/prepare-run';
import { findNfsExport } from '../../src/core/nfs/nfs-export';
import { runPrepared } from './engine-run';

const env: NodeJS.ProcessEnv = { ...process.env };
delete env.MOUNTBENCH_NFS_EXPORT;
// A machine whose /etc/exports does export a folder measures it instead (the VM suite's case).
const exportsHere = findNfsExport(env).found !== null;

describe.skipIf(exportsHere)('an nfs-volume run with no NFS export on the host', () => {
  it('skips it with the commands to export a folder, and measures the named volume beside it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mountbench-nfs-none-'));
    const prepared = await prepareRun(
      { mounts: ['nfs-volume', 'volume'], workloads: ['small-file-read'], size: 'quick', runs: 1, warmup: 0 },
      { env, home },
    );
    const run = await runPrepared(prepared, {
      runId: `nfsnone-${Math.random().toString(36).slice(2, 8)}`,
      cacheDir: join(home, 'cache'),
      env,
    });
    expect(run.errors).toEqual([]);
    const skipped = run.skipped?.find((s) => s.backendId.endsWith('/nfs-volume'));
    expect(skipped?.reason).toMatch(/no NFS export to mount/);
    expect(skipped?.reason).toContain('/etc/exports');
    expect(skipped?.reason).toContain('exportfs -ra');
    expect(run.results.map((r) => r.backend.mount)).toEqual(['volume']);
  }, 300_000);
});
