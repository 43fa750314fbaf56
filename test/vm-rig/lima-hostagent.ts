// STAND-IN for Lima's host agent (`limactl hostagent`), behind the limactl stand-in's vm-rig
// backend (test/stand-ins/lib/lima-rig-backend.cjs): one detached process per running instance that
// owns the real guest of the VM rig, shares the instance's mounts as its lima.yaml's `mountType`
// asks (9p with its msize and cache, or reverse-sshfs), and serves the guest's engine on
// `<instance>/sock/docker.sock` once it answers. SIGINT (what `limactl stop` sends) or SIGTERM
// powers the guest off, removes the socket and exits; the disk (`<instance>/diffdisk`) stays, as
// Lima's does. Like Lima's, it records its own pid in `<instance>/ha.pid` and its QEMU's in
// `qemu.pid` while the guest runs (lima-vm/lima docs "Internal data structure"), removed at its end. Test support only: started as `node -r tsx/cjs lima-hostagent.ts <spec JSON>`.
import { rmSync, renameSync, writeFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { NinePCache } from './qemu-args';
import { bootGuest, type GuestShare, type VmRig } from './vm-rig';

const CACHES: readonly string[] = ['none', 'loose', 'fscache', 'mmap'];

function cacheMode(text: string): NinePCache {
  if (!CACHES.includes(text)) throw new Error(`9p.cache ${JSON.stringify(text)} is not one Lima takes`);
  return text as NinePCache;
}

export interface HostAgentSpec {
  launchId: string;
  stateFile: string;
  socketPath: string;
  diskPath: string;
  /** Lima's resolved config: what the instance runs with. */
  mountType: string;
  mounts: Array<{ location: string; mountPoint: string; '9p': { msize: string; cache: string } }>;
  /** Host images the guest gets when it lacks them (the rig's guest has no network to pull). */
  images: string[];
  /** The host's own PATH (QEMU, ssh, docker): the caller's PATH has product stand-ins first. */
  hostPath: string;
}

/** Lima's sizes ("128KiB", "512KiB", "1MiB") as bytes; anything else is refused. */
export function msizeBytes(text: string): number {
  const m = /^(\d{1,7})\s*(KiB|MiB)?$/.exec(text.trim());
  if (!m) throw new Error(`9p.msize ${JSON.stringify(text)} is not a size Lima takes (e.g. "128KiB")`);
  return Number(m[1]) * (m[2] === 'MiB' ? 1024 ** 2 : m[2] === 'KiB' ? 1024 : 1);
}

/** The rig's shares for an instance: every mount by the instance's one mount type. */
export function sharesFor(spec: Pick<HostAgentSpec, 'mountType' | 'mounts'>): GuestShare[] {
  return spec.mounts.map((m): GuestShare => {
    if (m.mountPoint !== m.location)
      throw new Error(`STAND-IN hostagent mounts each location at its own path, not ${m.mountPoint}`);
    if (spec.mountType === '9p')
      return {
        kind: '9p',
        hostPath: m.location,
        msize: msizeBytes(m['9p'].msize),
        cache: cacheMode(m['9p'].cache),
      };
    if (spec.mountType === 'reverse-sshfs') return { kind: 'reverse-sshfs', hostPath: m.location };
    throw new Error(`the VM rig has no ${spec.mountType} share (Debian 12 ships no virtiofsd)`);
  });
}

/** The one folder the rig exports as its 9p device: the instance's first mount (the rig has one device). */
export function ninePDeviceFor(spec: Pick<HostAgentSpec, 'mounts'>): string | undefined {
  return spec.mounts[0]?.location;
}

function writeState(file: string, value: Record<string, unknown>): void {
  let previous: Record<string, unknown> = {};
  try {
    previous = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    // first record
  }
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ ...previous, ...value }));
  renameSync(tmp, file);
}

// The engine socket where Lima puts it, each connection relayed to the rig's forwarded socket by
// the stand-ins' forwarder, whose relay passes a half-close on as Lima's own `ssh -L` forward does
// (test/stand-ins/lib/socket-relay.cjs). Node's default proxy here turned the half-close that ends
// a `docker exec`'s stdin into a full close: a named volume's fixture failed on this rig.
const req = createRequire(__filename);
const { createForwarder } = req('../stand-ins/lib/forwarder.cjs') as {
  createForwarder(listenPath: string, targetPath: string): Promise<Forwarder>;
};

interface Forwarder {
  path: string;
  /** Drops every relayed connection, stops listening and removes the socket. */
  close(): Promise<void>;
}

async function loadMissingImages(rig: VmRig, images: string[]): Promise<void> {
  for (const image of images) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,200}$/.test(image)) throw new Error(`bad image ${image}`);
    const has = await rig.ssh(`docker image inspect '${image}' >/dev/null 2>&1`);
    if (has.code !== 0) await rig.loadImage(image);
  }
}

/** Lima's pid files in the instance's folder (beside the stand-in's own state file). */
function pidFiles(spec: HostAgentSpec): { agent: string; qemu: string } {
  const dir = dirname(spec.stateFile);
  return { agent: join(dir, 'ha.pid'), qemu: join(dir, 'qemu.pid') };
}

async function main(spec: HostAgentSpec): Promise<void> {
  process.env.PATH = spec.hostPath;
  const pids = pidFiles(spec);
  writeFileSync(pids.agent, `${process.pid}\n`);
  delete process.env.DOCKER_HOST;
  delete process.env.DOCKER_CONTEXT;
  let rig: VmRig | null = null;
  let server: Forwarder | null = null;
  let stopping = false;
  const shutdown = async (code: number, last: Record<string, unknown> = { status: 'stopped' }) => {
    if (stopping) return;
    stopping = true;
    writeState(spec.stateFile, { status: 'stopping' });
    await server?.close();
    rmSync(spec.socketPath, { force: true });
    await rig?.stop();
    rmSync(pids.qemu, { force: true });
    rmSync(pids.agent, { force: true });
    writeState(spec.stateFile, { ...last, pid: null });
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  try {
    // The 9p device is there whatever the mount type, so a start on reverse-sshfs and one on 9p
    // resume the same saved guest (one TCG boot for the instance, not one per mount type).
    rig = await bootGuest({
      shares: sharesFor(spec),
      diskPath: spec.diskPath,
      ninePDevice: ninePDeviceFor(spec),
    });
    if (stopping) return;
    await loadMissingImages(rig, spec.images);
    server = await createForwarder(spec.socketPath, rig.socketPath);
    if (rig.qemuPid !== null) writeFileSync(pids.qemu, `${rig.qemuPid}\n`);
    writeState(spec.stateFile, {
      status: 'running',
      bootSeconds: rig.bootSeconds[0],
      resumed: rig.resumes[0],
    });
    console.log(
      `STAND-IN hostagent: guest engine answered ${rig.bootSeconds[0]} s after QEMU started (${rig.resumes[0] ? 'resumed' : 'booted'})`,
    );
  } catch (error) {
    console.error(`STAND-IN hostagent: ${(error as Error).stack ?? String(error)}`);
    await shutdown(1, { status: 'error', message: (error as Error).message });
  }
}

if (require.main === module) {
  void main(JSON.parse(process.argv[2] ?? '{}') as HostAgentSpec);
}
