// An NFS named volume measured across a real VM boundary (issue 24): the host exports a folder with
// a real NFS server (NFS-Ganesha, userspace: this host's kernel has no NFS server), and the VM rig's
// guest engine mounts it as a `local` volume of `type: nfs`, as a Mac's Docker VM mounts a folder
// that macOS's nfsd exports. One boot for the file; nothing here asserts a time.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFile, WorkloadResult } from '../../src/shared/result-schema';
import { prepareRun } from '../../src/core/runner/prepare-run';
import { executeRun } from '../../src/core/runner/run';
import { getMachineInfo } from '../../src/core/machine';
import { bootGuest, buildGuest, type VmRig } from '../vm-rig/vm-rig';
import { startGanesha, type Ganesha } from '../vm-rig/nfs-ganesha';
import { shrinkQuickSizesForTcg } from '../vm-rig/tcg-sizes';

const IMAGE = process.env.MOUNTBENCH_IMAGE ?? 'mountbench/bench:offline';
const root = mkdtempSync(join(tmpdir(), 'mountbench-vm-nfs-'));
const exported = join(root, 'export');
const home = join(root, 'home');
for (const dir of [exported, home, join(root, 'ganesha')]) mkdirSync(dir, { recursive: true });

let rig: VmRig;
let ganesha: Ganesha;
let run: RunFile;

beforeAll(async () => {
  ganesha = await startGanesha(exported, join(root, 'ganesha'));
  await buildGuest();
  rig = await bootGuest({});
  console.log(`vm rig: engine answered ${rig.bootSeconds[0]} s after QEMU started`);
  await rig.loadImage(IMAGE);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DOCKER_HOST: `unix://${rig.socketPath}`,
    DOCKER_CONTEXT: '',
    HOME: home,
    MOUNTBENCH_DATA_DIR: join(home, 'data'),
    MOUNTBENCH_IMAGE: IMAGE,
    // The guest reaches the host's loopback as 10.0.2.2; Ganesha serves NFSv4.
    MOUNTBENCH_NFS_EXPORT: `10.0.2.2:${exported}`,
    MOUNTBENCH_NFS_VERSION: '4',
  };
  shrinkQuickSizesForTcg();
  const prepared = await prepareRun(
    { mounts: ['nfs-volume', 'volume'], workloads: ['small-file-read'], size: 'quick', runs: 2, warmup: 0 },
    { env, home, engineTimeoutMs: 60_000 },
  );
  run = await executeRun({
    ...prepared,
    runId: `vmnfs-${Math.random().toString(36).slice(2, 8)}`,
    machine: await getMachineInfo(),
    appVersion: 'test',
    allowHostCommands: true,
    cacheDir: join(home, 'cache'),
    env,
    signal: new AbortController().signal,
    onEvent: () => {},
  });
});

afterAll(async () => {
  await rig?.stop();
  await ganesha?.stop();
  rmSync(root, { recursive: true, force: true });
});

function find(backendId: string): WorkloadResult {
  const found = run.results.find((r) => r.backend.id === backendId && r.workload.id === 'small-file-read');
  if (!found) throw new Error(`no ${backendId}: ${JSON.stringify(run.errors)}`);
  return found;
}

describe('an NFS volume from a host export, mounted by the guest’s engine', () => {
  it('measures small-file-read on it: the fixture laid on the host was read whole through NFS', () => {
    expect(run.errors).toEqual([]);
    expect(run.status).toBe('completed');
    const nfs = find('docker-engine/native/nfs-volume');
    console.log(`vm rig: small-file-read on the NFS volume: ${JSON.stringify(nfs.stats.samples)} s`);
    // small-file-read checks the file count and bytes inside the container before timing.
    expect(nfs.stats.samples).toHaveLength(2);
  });

  it('reads nfs4 in the container for it, and the guest’s own disk for the plain volume', () => {
    expect(find('docker-engine/native/nfs-volume').fsType).toBe('nfs4');
    expect(find('docker-engine/native/volume').fsType).not.toMatch(/^nfs/);
  });

  it('leaves no volume in the guest and no folder of ours in the export', async () => {
    const volumes = await rig.ssh('docker volume ls -q --filter label=mountbench=1');
    expect(volumes.code, volumes.stderr).toBe(0);
    expect(volumes.stdout.trim()).toBe('');
    expect(existsSync(exported)).toBe(true);
    expect(readdirSync(exported)).toEqual([]);
  });
});
