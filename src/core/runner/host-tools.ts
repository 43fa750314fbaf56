// The host baseline runs the same program as the containers: the bench image's static BusyBox,
// copied out of the image and run on the host with its applets first on PATH. Comparing the host's
// own tools with BusyBox compares programs, not disks: GNU `cat` maps and unmaps a buffer per
// file and tries copy_file_range, and on a Linux box took 8× BusyBox's time over the same 5,000
// files. Where the image's binary cannot run here (a Mac, another architecture) the host's own
// tools run and the result says so.
import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, rename, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type Dockerode from 'dockerode';
import { MOUNTBENCH_LABEL, MOUNTBENCH_LABEL_VALUE, MOUNTBENCH_NAME_PREFIX } from '../../shared/ids';
import { currentOwner, OWNER_LABEL } from '../vocab/run-owner';
import { firstTarFile, readBounded } from './single-file-tar';
import { createContainerChecked } from './create-container';
import { clockProbeScript, pickClock, type ClockSource } from './clock';

export interface HostTools {
  /** What ran the workload scripts on the host, for the result file. */
  label: string;
  /** argv that runs `sh`: the BusyBox binary and `sh`, or the host's `sh`. */
  shell: [string, ...string[]];
  /** Put first on PATH so `cat`, `find`… are the same applets; null: the host's PATH as it is. */
  pathDir: string | null;
  /**
   * A clock the tools read inside the sample script, as a container's are (BusyBox's `adjtimex`).
   * Absent or null: this process times the script's marker lines as they arrive, which a busy event
   * loop can read together (a sample of 0 s under load), so a clock of the tools' own comes first.
   */
  clock?: ClockSource | null;
}

export const HOST_OWN_TOOLS: HostTools = {
  label: "the host's own sh and tools",
  shell: ['sh'],
  pathDir: null,
};

const MAX_BUSYBOX_BYTES = 16 * 1024 * 1024;
const ENGINE_ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64', arm: 'arm', ia32: '386' };
const run = promisify(execFile);

async function copyOut(docker: Dockerode, image: string, runId: string, target: string): Promise<void> {
  const container = await createContainerChecked(docker, {
    name: `${MOUNTBENCH_NAME_PREFIX}${runId}-tools`,
    Image: image,
    Cmd: ['true'],
    Labels: {
      [MOUNTBENCH_LABEL]: MOUNTBENCH_LABEL_VALUE,
      'mountbench.run': runId,
      [OWNER_LABEL]: currentOwner(),
    },
  });
  try {
    const archive = await container.getArchive({ path: '/bin/busybox' });
    const binary = firstTarFile(await readBounded(archive, MAX_BUSYBOX_BYTES + 4096), MAX_BUSYBOX_BYTES);
    await writeFile(`${target}.tmp`, binary, { mode: 0o755 });
    await chmod(`${target}.tmp`, 0o755);
    await rename(`${target}.tmp`, target);
  } finally {
    await container.remove({ force: true }).catch(() => undefined);
  }
}

async function linkApplets(busybox: string, binDir: string): Promise<void> {
  const { stdout } = await run(busybox, ['--list'], { timeout: 10_000, maxBuffer: 1024 * 1024 });
  await mkdir(binDir, { recursive: true });
  const present = new Set(await readdir(binDir));
  for (const applet of stdout.split('\n').map((a) => a.trim())) {
    if (!/^[a-z0-9_.[-]{1,40}$/.test(applet) || present.has(applet)) continue;
    await symlink(busybox, join(binDir, applet)).catch(() => undefined);
  }
}

/**
 * The bench image's BusyBox, ready to run on this host; the host's own tools when it cannot run
 * here. Cached per image id under `cacheDir`, so only the first run copies it.
 */
export async function benchToolsOnHost(
  docker: Dockerode,
  image: string,
  cacheDir: string,
  runId: string,
): Promise<HostTools> {
  try {
    const info = await docker.getImage(image).inspect();
    if (
      process.platform !== 'linux' ||
      info.Os !== 'linux' ||
      info.Architecture !== ENGINE_ARCH[process.arch]
    )
      return HOST_OWN_TOOLS;
    const dir = join(cacheDir, 'host-tools', info.Id.replace(/^sha256:/, '').slice(0, 16));
    const busybox = join(dir, 'busybox');
    await mkdir(dir, { recursive: true });
    const works = await run(busybox, ['true'], { timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (!works) {
      await copyOut(docker, image, runId, busybox);
      await run(busybox, ['true'], { timeout: 10_000 });
    }
    await linkApplets(busybox, join(dir, 'bin'));
    const probe = await run(busybox, ['sh', '-c', clockProbeScript()], {
      timeout: 10_000,
      env: { ...process.env, PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}` },
    }).catch(() => ({ stdout: '' }));
    return {
      label: `BusyBox from the bench image ${image}`,
      shell: [busybox, 'sh'],
      pathDir: join(dir, 'bin'),
      clock: pickClock(probe.stdout),
    };
  } catch {
    // An image without /bin/busybox, or a dynamically linked one: the host's tools, said so.
    return HOST_OWN_TOOLS;
  }
}
