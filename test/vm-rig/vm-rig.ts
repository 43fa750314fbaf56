// The VM rig: a real Linux guest under QEMU (TCG) with its own kernel, page cache and Docker Engine,
// so tests cross the boundary a Mac user's Docker VM puts between the host folder and the container.
// Test support only, never shipped. The engine is reached the way Lima reaches it: the guest's
// /var/run/docker.sock forwarded to a host unix socket by `ssh -L`. A host folder is shared by 9p
// (QEMU's virtio-9p, Lima's "9p" mount type) or by reverse-sshfs (Lima's default on QEMU: the host
// runs an SFTP server on the pipes of an ssh session in which the guest runs `sshfs -o slave`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildGuest, type Guest } from './build-guest';
import { LoadScaledDeadline } from './load-scaled-deadline';
import { deleteSnapshot, hasSnapshot, monitorCommand } from './qemu-monitor';
import { qemuArgs, type GuestShare } from './qemu-args';
import { guestMountCommand, reverseSshfsCommand, SFTP_SERVER_CANDIDATES } from './share-commands';

export { buildGuest, type Guest } from './build-guest';
export type { GuestShare } from './qemu-args';

export interface BootOptions {
  /**
   * How host folders reach the guest, each mounted there at the same path; none by default. At
   * most one 9p share (one QEMU device); reverse-sshfs needs no device, so one guest can carry both
   * and a suite boots once for both kinds.
   */
  shares?: GuestShare[];
  /** Guest memory in MiB; small by default, since every helper's TCG guest shares the machine. */
  memoryMiB?: number;
  /**
   * How long to wait for the guest's engine to answer, at full pace (TCG boots take 1-2 minutes
   * on a quiet machine): a loaded machine stretches it (load-scaled-deadline.ts).
   */
  bootTimeoutMs?: number;
  /**
   * The guest's writable disk (a qcow2 overlay over the cached image), kept after stop so a later
   * start finds it, as a Lima instance's diffdisk is. Default: a throwaway one.
   */
  diskPath?: string;
  /**
   * A start resumes the guest instead of booting it, where the disk holds one saved with the same
   * devices (default true). The first boot with a set of devices saves the guest in the disk
   * (QEMU's savevm), once its engine answers and before any share is mounted, and keeps a copy of
   * that disk beside the cached guest (`bootedDiskPath`); a later start with those devices (a
   * restart, a Lima instance started again, any new rig) loads it: seconds instead of a TCG boot's
   * minutes. What the guest wrote to its disk since is gone with it, as after a fresh boot
   * on a throwaway overlay; the guest's clock is set again. A snapshot QEMU cannot load is deleted
   * and the guest boots.
   */
  resume?: boolean;
  /**
   * A host folder to export as the 9p device even when no 9p share mounts it (the guest sees the
   * device and mounts nothing): starts of one disk that differ only in how a folder is shared
   * (Lima's reverse-sshfs and 9p) then have the same devices, so the second resumes the guest the
   * first saved instead of booting again. A 9p share must be of this folder.
   */
  ninePDevice?: string;
}

/**
 * The guest's virtual CPUs, part of the saved guest's tag. Two: one cost 22 % less QEMU CPU under
 * load (boundary + NFS files beside two busy loops: 229 s against 294 s) but left the guest's
 * engine too slow to start a container within the 60 s an engine call may take: red because the
 * machine was busy.
 */
const GUEST_CPUS = 2;

/**
 * The 9p device a start exports: the 9p share's, the folder a later start may share by 9p, or else
 * `emptyFolder`, which nothing mounts. Every guest has the device, so every start with the same
 * memory can resume one saved guest (see `savedGuestTag`).
 */
export function ninePDeviceOf(
  shares: readonly GuestShare[],
  ninePDevice: string | undefined,
  emptyFolder: string,
): Extract<GuestShare, { kind: '9p' }> {
  const share = shares.find((s): s is Extract<GuestShare, { kind: '9p' }> => s.kind === '9p');
  if (share && ninePDevice !== undefined && ninePDevice !== share.hostPath)
    throw new Error(`the rig's 9p device is for ${ninePDevice}, not the 9p share's ${share.hostPath}`);
  return share ?? { kind: '9p', hostPath: ninePDevice ?? emptyFolder };
}

/**
 * The snapshot a start saves and a later start with the same devices resumes (see BootOptions).
 * The devices are the memory and a 9p device: which folder the device exports is the host's side,
 * not the guest's state (the guest is saved before it mounts anything), so it is not in the tag.
 */
export function savedGuestTag(memoryMiB: number, cpus: number): string {
  const hash = createHash('sha256').update(JSON.stringify({ ninep: true, memoryMiB, cpus }));
  return `mb-booted-${hash.digest('hex').slice(0, 12)}`;
}

/**
 * Where the first boot of a cached guest with a tag leaves a copy of its disk, saved guest
 * included, for every later rig to start from: one TCG boot per check, not one per test file.
 * Beside the guest's image, so a rebuilt guest has none.
 */
export function bootedDiskPath(guest: Pick<Guest, 'dir'>, tag: string): string {
  return join(guest.dir, `${tag}.qcow2`);
}

/** Copies the booted guest's disk for later rigs; only a speed-up, so a failure is a warning. */
function keepBootedDisk(overlay: string, kept: string): void {
  const partial = `${kept}.${process.pid}.partial`;
  try {
    copyFileSync(overlay, partial);
    renameSync(partial, kept);
  } catch (error) {
    rmSync(partial, { force: true });
    console.warn(`vm rig: could not keep the booted guest for later rigs: ${(error as Error).message}`);
  }
}

export interface CommandOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface VmRig {
  /** The host unix socket that reaches the guest's engine: DOCKER_HOST=unix://<socketPath>. */
  readonly socketPath: string;
  readonly shares: readonly GuestShare[];
  /** Seconds from QEMU's start to the engine answering on socketPath, for each start. */
  readonly bootSeconds: number[];
  /** For each start, whether it resumed the saved guest (true) or booted (false). */
  readonly resumes: boolean[];
  /** The running QEMU's pid (a host agent records it as Lima does, `qemu.pid`); null when none runs. */
  readonly qemuPid: number | null;
  /** Runs a shell command in the guest as root. */
  ssh(command: string, input?: string): Promise<CommandOutcome>;
  /** Copies an image from the host's engine into the guest's (docker save | docker load over ssh). */
  loadImage(reference: string): Promise<void>;
  /**
   * A restart: the guest powers off and QEMU exits (the socket stops answering), then a new QEMU
   * resumes the guest saved at its first boot (or boots it), and the shares are made again.
   */
  restart(): Promise<void>;
  /** Powers the guest off and leaves no process, socket or state folder behind. */
  stop(): Promise<void>;
}

// Processes of every rig this test process started, so a crashed test still leaves no QEMU behind.
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function track(child: ChildProcess): ChildProcess {
  live.add(child);
  child.on('exit', () => live.delete(child));
  return child;
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether an engine answers GET /_ping on a unix socket (bounded: a few bytes, 5 s). */
export function enginePings(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    if (!existsSync(socketPath)) return resolve(false);
    const socket = connect(socketPath);
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(5_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('data', (d: Buffer) => {
      answer += d.toString('latin1');
      if (answer.length > 4096 || answer.includes('\r\n\r\n')) done(/^HTTP\/1\.[01] 200/.test(answer));
    });
    socket.on('connect', () =>
      socket.write('GET /_ping HTTP/1.1\r\nHost: docker\r\nConnection: close\r\n\r\n'),
    );
  });
}

function sftpServerPath(): string {
  const found = SFTP_SERVER_CANDIDATES.find((p) => existsSync(p));
  if (!found)
    throw new Error(`no OpenSSH sftp-server on this host (looked in ${SFTP_SERVER_CANDIDATES.join(', ')})`);
  return found;
}

export async function bootGuest(options: BootOptions = {}): Promise<VmRig> {
  const guest: Guest = await buildGuest();
  const stateDir = mkdtempSync(join(tmpdir(), 'mountbench-vm-'));
  const socketPath = join(stateDir, 'docker.sock');
  const overlay = options.diskPath ?? join(stateDir, 'disk.qcow2');
  const memoryMiB = options.memoryMiB ?? 1536;
  const bootedTag = savedGuestTag(memoryMiB, GUEST_CPUS);
  const bootedDisk = bootedDiskPath(guest, bootedTag);
  // The cached disk stays pristine: each rig writes to its own overlay, which survives restarts. A
  // new overlay starts as a copy of the booted guest's disk where an earlier rig left one.
  let fromBootedDisk = false;
  if (!existsSync(overlay) && options.resume !== false && existsSync(bootedDisk)) {
    try {
      copyFileSync(bootedDisk, overlay);
      fromBootedDisk = true;
    } catch {
      rmSync(overlay, { force: true });
    }
  }
  const made = existsSync(overlay)
    ? null
    : spawnSync('qemu-img', ['create', '-q', '-f', 'qcow2', '-F', 'raw', '-b', guest.rootfs, overlay]);
  if (made && made.status !== 0) throw new Error(`qemu-img create failed: ${made.stderr.toString()}`);
  mkdirSync(join(stateDir, 'ssh'), { recursive: true });
  const emptyFolder = join(stateDir, 'no-share');
  mkdirSync(emptyFolder, { recursive: true });
  // Boots took 56-104 s on a quiet 2-core machine and 270-320 s at load 14-19: 10 minutes at full
  // pace, stretched by the load, leaves a busy machine room and still ends a guest that hangs.
  const bootTimeoutMs = options.bootTimeoutMs ?? 600_000;
  const bootSeconds: number[] = [];
  const resumes: boolean[] = [];
  let sshPort = 0;
  let qemu: ChildProcess | null = null;
  let forwarder: ChildProcess | null = null;
  let sshfs: Array<{ ssh: ChildProcess; sftp: ChildProcess }> = [];
  const shares = options.shares ?? [];
  if (shares.filter((s) => s.kind === '9p').length > 1)
    throw new Error('the rig carries at most one 9p share');

  const sshBase = () => [
    '-i',
    guest.key,
    '-p',
    String(sshPort),
    '-o',
    'StrictHostKeyChecking=no',
    '-o',
    'UserKnownHostsFile=/dev/null',
    '-o',
    'LogLevel=ERROR',
    '-o',
    'BatchMode=yes',
    '-o',
    'ConnectTimeout=10',
    '-o',
    'ServerAliveInterval=5',
    'root@127.0.0.1',
  ];

  const ssh = (command: string, input?: string): Promise<CommandOutcome> =>
    new Promise((resolve, reject) => {
      const child = track(spawn('ssh', [...sshBase(), '--', command], { stdio: ['pipe', 'pipe', 'pipe'] }));
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      // An ssh that fails at once (the guest going down) closes its stdin before this write: EPIPE,
      // uncaught without a listener. Its exit code already says how it ended.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(input ?? '');
    });

  const ninep = ninePDeviceOf(shares, options.ninePDevice, emptyFolder);
  const monitorSocket = join(stateDir, 'monitor.sock');
  let qemuErr = '';
  const consoleFile = join(stateDir, 'console.log');
  const consoleTail = () => (existsSync(consoleFile) ? readFileSync(consoleFile, 'utf8').slice(-3000) : '');

  const launch = (resume: boolean) => {
    qemuErr = '';
    rmSync(monitorSocket, { force: true });
    const vm = track(
      spawn(
        'qemu-system-x86_64',
        qemuArgs({
          guest,
          overlay,
          sshPort,
          console: consoleFile,
          ninep,
          memoryMiB,
          cpus: GUEST_CPUS,
          monitorSocket,
          ...(resume ? { loadvm: bootedTag } : {}),
        }),
        { stdio: ['ignore', 'ignore', 'pipe'] },
      ),
    );
    vm.stderr?.on('data', (d: Buffer) => (qemuErr = (qemuErr + d.toString()).slice(-4000)));
    qemu = vm;
  };

  /** sshd first (systemd starts it beside dockerd), then the engine's socket in the guest. */
  const waitForEngine = async () => {
    const deadline = new LoadScaledDeadline(bootTimeoutMs);
    for (;;) {
      if (qemu?.exitCode !== null)
        throw new Error(`QEMU exited (${qemu?.exitCode}): ${qemuErr}\n${consoleTail()}`);
      if (deadline.expired())
        throw new Error(`the guest did not answer within ${deadline.describe()}:\n${consoleTail()}`);
      const probe = await ssh(
        'test -S /var/run/docker.sock && docker version --format "{{.Server.Version}}"',
      );
      if (probe.code === 0 && probe.stdout.trim()) return;
      await sleep(3_000);
    }
  };

  /** Ends this QEMU at once (a resume that failed): nothing of it is kept. */
  const killQemu = async () => {
    const vm = qemu;
    qemu = null;
    if (!vm || vm.exitCode !== null) return;
    const exited = new Promise<void>((r) => vm.once('exit', () => r()));
    vm.kill('SIGKILL');
    await exited;
  };

  /**
   * Saves the guest just booted, before any share is mounted (QEMU refuses to save a guest with a
   * 9p export mounted). Only a speed-up: if QEMU cannot, the next start boots for real.
   */
  const saveBooted = async () => {
    const began = Date.now();
    const answer = await monitorCommand(monitorSocket, `savevm ${bootedTag}`, 600_000).catch(
      (err: Error) => `Error: ${err.message}`,
    );
    if (/error/i.test(answer)) {
      console.warn(`vm rig: could not save the booted guest: ${answer.trim()}`);
      return;
    }
    console.log(`vm rig: saved the booted guest in ${Math.round((Date.now() - began) / 100) / 10} s`);
    if (existsSync(bootedDisk)) return;
    // Paused for the copy: `stop` drains and flushes the disk, so the copy is a consistent image
    // (QEMU keeps some of the qcow2's tables in memory while the guest writes).
    const paused = await monitorCommand(monitorSocket, 'stop', 60_000).catch(
      (err: Error) => `Error: ${err.message}`,
    );
    if (/error/i.test(paused)) return;
    keepBootedDisk(overlay, bootedDisk);
    await monitorCommand(monitorSocket, 'cont', 60_000);
  };

  const start = async () => {
    sshPort = await freeLoopbackPort();
    const started = Date.now();
    let resumed = options.resume !== false && hasSnapshot(overlay, bootedTag);
    launch(resumed);
    try {
      await waitForEngine();
    } catch (error) {
      if (!resumed) throw error;
      // A snapshot QEMU cannot load (another QEMU, other devices): forget it and boot.
      console.warn(`vm rig: resuming failed, booting instead: ${(error as Error).message.slice(0, 500)}`);
      await killQemu();
      deleteSnapshot(overlay, bootedTag);
      if (fromBootedDisk) rmSync(bootedDisk, { force: true });
      resumed = false;
      launch(false);
      await waitForEngine();
    }
    // The resumed guest's clock stands where it was saved.
    if (resumed) await ssh(`date -s @${Math.floor(Date.now() / 1000)} >/dev/null`);
    else if (options.resume !== false) await saveBooted();
    for (const share of shares) await shareFolder(share);
    rmSync(socketPath, { force: true });
    forwarder = track(
      spawn(
        'ssh',
        [
          '-N',
          '-o',
          'ExitOnForwardFailure=yes',
          '-o',
          'StreamLocalBindUnlink=yes',
          '-L',
          `${socketPath}:/var/run/docker.sock`,
          ...sshBase(),
        ],
        { stdio: 'ignore' },
      ),
    );
    // The guest's engine already answered over ssh: the forward gets its own two minutes.
    const forwardDeadline = new LoadScaledDeadline(120_000);
    while (!(await enginePings(socketPath))) {
      if (forwarder.exitCode !== null) throw new Error('ssh -L for the engine socket exited');
      if (forwardDeadline.expired())
        throw new Error(`the forwarded engine socket did not answer within ${forwardDeadline.describe()}`);
      await sleep(500);
    }
    bootSeconds.push(Math.round((Date.now() - started) / 100) / 10);
    resumes.push(resumed);
  };

  const shareFolder = async (share: GuestShare) => {
    if (share.kind === '9p') {
      const mounted = await ssh(guestMountCommand(share));
      if (mounted.code !== 0) throw new Error(`9p mount failed in the guest: ${mounted.stderr}`);
      return;
    }
    const prepared = await ssh(`mkdir -p '${share.hostPath}'`);
    if (prepared.code !== 0) throw new Error(`mkdir in the guest failed: ${prepared.stderr}`);
    // The host's side of reverse-sshfs: an SFTP server speaking over the ssh session's pipes, so
    // the host opens no port (what Lima does with its openssh-sftp-server driver).
    const sftp = track(
      spawn(sftpServerPath(), [], { stdio: ['pipe', 'pipe', 'ignore'], cwd: share.hostPath }),
    );
    const remote = track(
      spawn('ssh', [...sshBase(), '--', reverseSshfsCommand(share)], { stdio: ['pipe', 'pipe', 'pipe'] }),
    );
    // Either side may go first at power-off (both are killed then): a write into the other's
    // closed stdin is EPIPE, not an error of the share's; the mount check below judges the share.
    remote.stdin?.on('error', () => undefined);
    sftp.stdin?.on('error', () => undefined);
    sftp.stdout?.pipe(remote.stdin!);
    remote.stdout?.pipe(sftp.stdin!);
    sshfs.push({ ssh: remote, sftp });
    const mounted = new LoadScaledDeadline(60_000);
    while (!mounted.expired()) {
      const seen = await ssh(`awk '$2 == "${share.hostPath}" {print $3}' /proc/mounts`);
      if (seen.stdout.trim() === 'fuse.sshfs') return;
      if (remote.exitCode !== null)
        throw new Error('reverse-sshfs: the ssh session ended before the mount appeared');
      await sleep(1_000);
    }
    throw new Error(`reverse-sshfs did not appear in the guest within ${mounted.describe()}`);
  };

  const powerOff = async () => {
    forwarder?.kill('SIGTERM');
    forwarder = null;
    for (const pair of sshfs) {
      pair.ssh.kill('SIGTERM');
      pair.sftp.kill('SIGTERM');
    }
    sshfs = [];
    const vm = qemu;
    qemu = null;
    if (!vm || vm.exitCode !== null) return;
    const exited = new Promise<void>((r) => vm.once('exit', () => r()));
    // A clean shutdown first (systemd stops dockerd, unmounts), then QEMU's own quit, then a kill.
    void ssh('systemctl poweroff');
    const waited = await Promise.race([exited.then(() => true), sleep(90_000).then(() => false)]);
    if (!waited) {
      vm.kill('SIGTERM');
      const quit = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!quit) vm.kill('SIGKILL');
      await exited;
    }
  };

  try {
    await start();
  } catch (error) {
    await powerOff();
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }

  return {
    socketPath,
    shares,
    bootSeconds,
    resumes,
    get qemuPid() {
      const vm = qemu as ChildProcess | null;
      return vm && vm.exitCode === null && vm.pid !== undefined ? vm.pid : null;
    },
    ssh,
    loadImage(reference: string) {
      return new Promise<void>((resolve, reject) => {
        const save = track(spawn('docker', ['save', reference], { stdio: ['ignore', 'pipe', 'pipe'] }));
        const load = track(
          spawn('ssh', [...sshBase(), '--', 'docker load -q'], { stdio: ['pipe', 'pipe', 'pipe'] }),
        );
        let err = '';
        save.stderr?.on('data', (d: Buffer) => (err += d.toString()));
        load.stderr?.on('data', (d: Buffer) => (err += d.toString()));
        // A load that fails early closes its stdin under the save: its exit code reports it.
        load.stdin?.on('error', () => undefined);
        save.stdout?.pipe(load.stdin!);
        save.on('error', reject);
        load.on('error', reject);
        const closed = (child: ChildProcess) => new Promise<number | null>((r) => child.on('close', r));
        void Promise.all([closed(save), closed(load)]).then(([saved, loaded]) =>
          saved === 0 && loaded === 0 ? resolve() : reject(new Error(`loading ${reference} failed: ${err}`)),
        );
      });
    },
    async restart() {
      await powerOff();
      rmSync(socketPath, { force: true });
      await start();
    },
    async stop() {
      await powerOff();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
