// Mountbench across a real VM boundary (issue 25): a Linux guest under QEMU with its own kernel,
// page cache and Docker Engine, reached through a forwarded unix socket as Lima reaches its VM, with
// one host folder shared by 9p and another by reverse-sshfs, and a third exported by a real NFS
// server for an NFS volume the guest's engine mounts. One boot serves the whole file (a TCG guest
// spends the machine's CPU on every instruction); the restart comes last. Nothing here asserts a time.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { release, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFile, WorkloadResult } from '../../src/shared/result-schema';
import type { RunRequest } from '../../src/shared/run-plan';
import { prepareRun } from '../../src/core/runner/prepare-run';
import { executeRun, runParts } from '../../src/core/runner/run';
import { getMachineInfo } from '../../src/core/machine';
import { mountbenchChild } from '../support/mountbench-cli';
import { bootGuest, enginePings, type VmRig } from '../vm-rig/vm-rig';
import { startGanesha, type Ganesha } from '../vm-rig/nfs-ganesha';
import { shrinkQuickSizesForTcg } from '../vm-rig/tcg-sizes';

const IMAGE = process.env.MOUNTBENCH_IMAGE ?? 'mountbench/bench:offline';
// The same image plus the inotifyd stand-in (test/stand-ins/inotifyd), for sync-latency's watcher.
const WATCHER_IMAGE = 'mountbench/bench:offline-inotifyd';
// Plain paths (the rig puts them in guest shell lines) under the host's temporary folder.
const root = mkdtempSync(join(tmpdir(), 'mountbench-vm-suite-'));
const ninePFolder = join(root, 'ninep');
const sshfsFolder = join(root, 'sshfs');
const home = join(root, 'home');
// What the NFS server exports: a folder of its own, shared with the guest by nothing else.
const nfsExport = join(root, 'export');
for (const dir of [ninePFolder, sshfsFolder, home, nfsExport, join(root, 'ganesha')])
  mkdirSync(dir, { recursive: true });

let rig: VmRig;
let env: NodeJS.ProcessEnv;
let ganesha: Ganesha | undefined;

beforeAll(async () => {
  rig = await bootGuest({
    shares: [
      { kind: '9p', hostPath: ninePFolder, msize: 131072 },
      { kind: 'reverse-sshfs', hostPath: sshfsFolder },
    ],
  });
  console.log(`vm rig: engine answered ${rig.bootSeconds[0]} s after QEMU started`);
  await rig.loadImage(IMAGE);
  // Built on the host (cached there) and loaded into the guest's engine like the bench image.
  execFileSync('bash', [join(__dirname, '..', 'stand-ins', 'inotifyd', 'build-image.sh')], {
    stdio: 'inherit',
    env: { ...process.env, BASE: IMAGE, TAG: WATCHER_IMAGE },
  });
  await rig.loadImage(WATCHER_IMAGE);
  env = {
    ...process.env,
    DOCKER_HOST: `unix://${rig.socketPath}`,
    DOCKER_CONTEXT: '',
    HOME: home,
    MOUNTBENCH_DATA_DIR: join(home, 'data'),
    MOUNTBENCH_IMAGE: IMAGE,
  };
  shrinkQuickSizesForTcg();
});

afterAll(async () => {
  await rig?.stop();
  await ganesha?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function runOnRig(
  request: RunRequest,
  cacheDir: string,
  image = IMAGE,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<RunFile> {
  const runEnv = { ...env, MOUNTBENCH_IMAGE: image, ...extraEnv };
  const prepared = await prepareRun(request, { env: runEnv, home, engineTimeoutMs: 60_000 });
  return executeRun(
    ...runParts({
      ...prepared,
      runId: `vm-${Math.random().toString(36).slice(2, 8)}`,
      machine: await getMachineInfo(),
      appVersion: 'test',
      allowHostCommands: true,
      cacheDir,
      env: runEnv,
      signal: new AbortController().signal,
      onEvent: () => {},
    }),
  );
}

function find(run: RunFile, backendId: string, workloadId: string): WorkloadResult {
  const found = run.results.find((r) => r.backend.id === backendId && r.workload.id === workloadId);
  if (!found) throw new Error(`no ${backendId} ${workloadId}: ${JSON.stringify(run.errors)}`);
  return found;
}

describe('the engine behind the forwarded socket', () => {
  it('is the guest’s: `mountbench engines` reaches it, with the guest’s memory and not the host’s', async () => {
    const guestKernel = (await rig.ssh('uname -r')).stdout.trim();
    expect(guestKernel).not.toBe(release());
    const out = await mountbenchChild(['engines', '--json', '--timeout', '30'], env);
    expect(out.code, out.stderr).toBe(0);
    const engines = JSON.parse(out.stdout) as Array<{
      endpoint: string;
      reachable: boolean;
      memoryBytes?: number;
    }>;
    const ours = engines.find((e) => e.endpoint === `unix://${rig.socketPath}`);
    expect(ours).toMatchObject({ reachable: true });
    // The guest has 1.5 GiB; the host many times that.
    expect(ours!.memoryBytes).toBeLessThan(2 * 1024 ** 3);
  });
});

describe.each<{ share: string; folder: () => string; fsType: string; mounts: RunRequest['mounts'] }>([
  { share: '9p', folder: () => ninePFolder, fsType: '9p', mounts: ['bind', 'volume', 'host'] },
  // The named volume and the host baseline do not cross either share (the same guest disk, the
  // same host disk): the 9p run reads them, and this one only what depends on the share.
  { share: 'reverse-sshfs', folder: () => sshfsFolder, fsType: 'fuse.sshfs', mounts: ['bind'] },
])('a run whose bind mount crosses $share', ({ folder, fsType, mounts }) => {
  let run: RunFile;
  beforeAll(async () => {
    run = await runOnRig(
      {
        mounts,
        variants: ['native'],
        // One workload: each adds minutes of emulated share traffic (the bench script runs three).
        workloads: ['small-file-read'],
        size: 'quick',
        runs: 2,
        warmup: 0,
      },
      join(folder(), 'cache'),
    );
  });

  it('completes: the fixture laid on the host was found whole in the guest (every file, every byte)', () => {
    expect(run.errors).toEqual([]);
    expect(run.status).toBe('completed');
    // small-file-read's fixture check counts the files and bytes inside the container before timing.
    expect(find(run, 'docker-engine/native/bind', 'small-file-read').stats.samples).toHaveLength(2);
  });

  it(`reads ${fsType} in the container for the bind mount`, () => {
    expect(find(run, 'docker-engine/native/bind', 'small-file-read').fsType).toBe(fsType);
  });

  if (mounts.includes('volume'))
    it('reads the guest’s own disk for the named volume, never a share', () => {
      const volume = find(run, 'docker-engine/native/volume', 'small-file-read').fsType;
      expect(volume).toBe('ext4');
    });

  if (mounts.includes('host'))
    it('says the host baseline is this machine’s disk beside an engine on another kernel, unchecked', () => {
      const host = find(run, 'host', 'small-file-read');
      expect(host.baselineCheck).toBeUndefined();
      expect(host.warnings.join('\n')).toMatch(/runs on another kernel/);
      expect(host.warnings.join('\n')).not.toMatch(/Self-check/);
    });
});

describe('the user’s own project in the 9p share', () => {
  it('the custom workload runs on a copy the container sees whole through 9p, and the result says 9p', async () => {
    // A project where a Mac user keeps one: in the shared folder, so its copy is on the share too.
    const project = join(ninePFolder, 'my-app');
    mkdirSync(join(project, 'src', 'lib'), { recursive: true });
    writeFileSync(join(project, 'package.json'), '{ "name": "my-app" }\n');
    writeFileSync(join(project, 'src', 'index.js'), 'console.log("written on the host")\n');
    writeFileSync(join(project, 'src', 'lib', 'big.js'), 'x'.repeat(70_000));
    // The user's command fails the run unless the container sees every file with its bytes.
    const command =
      'test "$(find . -type f | wc -l)" -eq 3 && grep -q "written on the host" src/index.js' +
      ' && test "$(wc -c < src/lib/big.js)" -eq 70000 && test -s package.json';
    const run = await runOnRig(
      {
        mounts: ['bind', 'volume'],
        variants: ['native'],
        workloads: ['custom'],
        size: 'quick',
        runs: 2,
        warmup: 0,
        custom: { command, folder: project },
      },
      join(ninePFolder, 'project-cache'),
    );
    expect(run.errors).toEqual([]);
    const bind = find(run, 'docker-engine/native/bind', 'custom');
    expect(bind.fsType).toBe('9p');
    expect(bind.workload.params.project).toBe('my-app');
    expect(bind.stats.samples).toHaveLength(2);
    // The same project copied into a named volume: on the guest's own disk, not the share.
    const volume = find(run, 'docker-engine/native/volume', 'custom');
    expect(volume.fsType).toBe('ext4');
    expect(volume.stats.samples).toHaveLength(2);
  });
});

describe('sync-latency across the boundary', () => {
  // The offline image's BusyBox has no inotifyd, so these runs use the watcher image: the local
  // control (test/integration/sync-latency-watcher.test.ts) shows its watcher firing on a native
  // bind mount, so a 0 here is the boundary, not a broken watcher.
  it.each([
    { share: '9p', folder: () => ninePFolder, fsType: '9p' },
    { share: 'reverse-sshfs', folder: () => sshfsFolder, fsType: 'fuse.sshfs' },
  ])(
    'on $share: the container sees every host edit, and its inotify watcher fires for none of them',
    async ({ folder, fsType }) => {
      const run = await runOnRig(
        {
          mounts: ['bind'],
          variants: ['native'],
          workloads: ['sync-latency'],
          size: 'quick',
          runs: 1,
          warmup: 0,
        },
        join(folder(), 'sync-cache'),
        WATCHER_IMAGE,
      );
      expect(run.errors).toEqual([]);
      const result = find(run, 'docker-engine/native/bind', 'sync-latency');
      console.log(
        `vm rig: sync-latency on ${fsType}: ${JSON.stringify(result.stats.samples)} s, ${JSON.stringify(result.derived)}`,
      );
      expect(result.fsType).toBe(fsType);
      // Every edit was seen (a missed one fails the run: "the share does not sync").
      expect(result.stats.samples).toHaveLength(3);
      // The watcher was on: it reported the container's own marker write through this share before
      // the edits (else the result would say "unready" and carry no watcherFired).
      expect(result.warnings.join('\n')).not.toMatch(/whether a file watcher .* is unknown/);
      // inotify events are the guest kernel's; a write made on the host never raises one there.
      expect(result.derived).toMatchObject({ watcherFired: 0, watcherEvents: 0 });
      expect(result.warnings.join('\n')).toMatch(/file watchers \(hot reload\) will not fire/);
    },
    900_000,
  );
});

describe('cold cache across the boundary', () => {
  it('dropping the guest’s page cache leaves the host’s whole', async () => {
    const file = join(ninePFolder, 'cached.bin');
    writeFileSync(file, Buffer.alloc(8 * 1024 * 1024, 1));
    execFileSync('cat', [file], { maxBuffer: 16 * 1024 * 1024 });
    const resident = () => Number(execFileSync('fincore', ['-n', '-b', '-o', 'RES', file]).toString().trim());
    expect(resident()).toBe(8 * 1024 * 1024);
    const dropped = await rig.ssh(`cat ${file} >/dev/null && sync && echo 3 > /proc/sys/vm/drop_caches`);
    expect(dropped.code, dropped.stderr).toBe(0);
    expect(resident()).toBe(8 * 1024 * 1024);
  });

  it('is refused on this engine, and the refusal says it is not a VM Mountbench knows the user owns', async () => {
    for (const flag of ['--cold-cache', '--cold-cache-host']) {
      const out = await mountbenchChild(
        ['run', '--mount', 'bind', '--workload', 'dd-write', '--size', 'quick', '--runs', '1', flag],
        { ...env, MOUNTBENCH_CACHE_DIR: join(ninePFolder, 'cold-cache') },
      );
      expect(out.code).not.toBe(0);
      expect(out.stderr + out.stdout).toMatch(/not a VM you own \(kernel 6\.1\./);
    }
  });
});

describe('an NFS volume from a host export, mounted by the guest’s engine', () => {
  // NFS-Ganesha serves the export from userspace (this host's kernel has no NFS server); the guest
  // reaches the host's loopback as 10.0.2.2, as a Mac's Docker VM reaches macOS's nfsd.
  let run: RunFile;
  beforeAll(async () => {
    ganesha = await startGanesha(nfsExport, join(root, 'ganesha'));
    run = await runOnRig(
      // The plain volume beside it, with the export set: it stays on the guest's own disk.
      { mounts: ['nfs-volume', 'volume'], workloads: ['small-file-read'], size: 'quick', runs: 2, warmup: 0 },
      join(home, 'nfs-cache'),
      IMAGE,
      { MOUNTBENCH_NFS_EXPORT: `10.0.2.2:${nfsExport}`, MOUNTBENCH_NFS_VERSION: '4' },
    );
  });

  it('measures small-file-read on it: the fixture laid on the host was read whole through NFS', () => {
    expect(run.errors).toEqual([]);
    expect(run.status).toBe('completed');
    const nfs = find(run, 'docker-engine/native/nfs-volume', 'small-file-read');
    console.log(`vm rig: small-file-read on the NFS volume: ${JSON.stringify(nfs.stats.samples)} s`);
    // small-file-read checks the file count and bytes inside the container before timing.
    expect(nfs.stats.samples).toHaveLength(2);
    expect(nfs.fsType).toBe('nfs4');
  });

  it('reads the guest’s own disk for the plain volume beside it, never NFS', () => {
    expect(find(run, 'docker-engine/native/volume', 'small-file-read').fsType).toBe('ext4');
  });

  it('leaves no volume in the guest and no folder of ours in the export', async () => {
    const volumes = await rig.ssh('docker volume ls -q --filter label=mountbench=1');
    expect(volumes.code, volumes.stderr).toBe(0);
    expect(volumes.stdout.trim()).toBe('');
    expect(existsSync(nfsExport)).toBe(true);
    expect(readdirSync(nfsExport)).toEqual([]);
  });
});

describe('a VM restart', () => {
  it('takes the engine away while the guest is down and brings it back, with the share', async () => {
    let sawItGone = false;
    let restarted = false;
    const watching = (async () => {
      while (!sawItGone && !restarted) {
        if (!(await enginePings(rig.socketPath))) sawItGone = true;
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    await rig.restart().finally(() => (restarted = true));
    await watching;
    expect(sawItGone).toBe(true);
    console.log(
      `vm rig: after the restart (${rig.resumes.at(-1) ? 'resumed' : 'booted'}) the engine answered ${rig.bootSeconds.at(-1)} s after QEMU started`,
    );
    const out = await mountbenchChild(['engines', '--json', '--timeout', '30'], env);
    const engines = JSON.parse(out.stdout) as Array<{ endpoint: string; reachable: boolean }>;
    expect(engines.find((e) => e.endpoint === `unix://${rig.socketPath}`)).toMatchObject({ reachable: true });
    const mounted = await rig.ssh(`awk '$2 == "${ninePFolder}" {print $3}' /proc/mounts`);
    expect(mounted.stdout.trim()).toBe('9p');
  });
});
