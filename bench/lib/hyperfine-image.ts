// Builds, without any registry, an image that is the bench image plus the host's own hyperfine:
// the binary, the shared libraries `ldd` lists and the dynamic loader, each copied to the path ldd
// gives, so the dynamic binary runs in a FROM scratch BusyBox image. The published benchmarks ran
// hyperfine inside the container; this is how we run the same thing here.
import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type Dockerode from 'dockerode';
import { MountbenchError } from '../../src/shared/errors';

const run = promisify(execFile);

export const DEFAULT_HYPERFINE = '/usr/bin/hyperfine';

/** Absolute paths of the libraries and loader in `ldd` output (the vDSO has no file). */
export function lddPaths(lddOutput: string): string[] {
  const paths = new Set<string>();
  for (const line of lddOutput.split('\n')) {
    const arrow = /=>\s+(\/\S+)/.exec(line);
    const bare = /^\s*(\/\S+)\s+\(0x/.exec(line);
    const path = arrow?.[1] ?? bare?.[1];
    if (path) paths.add(path);
  }
  return [...paths];
}

async function librariesOf(binary: string): Promise<string[]> {
  try {
    const { stdout } = await run('ldd', [binary]);
    return lddPaths(stdout);
  } catch (err) {
    throw new MountbenchError(
      'BAD_INPUT',
      `ldd ${binary} failed (${(err as Error).message.trim()}); the benchmark needs a Linux host with a dynamically linked hyperfine (Debian: apt-get install hyperfine)`,
    );
  }
}

interface BuildEvent {
  stream?: string;
  error?: string;
  errorDetail?: { message?: string };
}

export interface HyperfineImage {
  tag: string;
  hyperfine: string;
  /** What was copied in besides the binary. */
  libraries: string[];
}

/** Engine and host must share an OS and architecture: the image gets the host's own binary. */
export async function checkEngineRunsHostBinaries(docker: Dockerode): Promise<void> {
  const version = await docker.version();
  const hostArch = process.arch === 'x64' ? 'amd64' : process.arch;
  if (process.platform !== 'linux' || version.Os !== 'linux' || version.Arch !== hostArch) {
    throw new MountbenchError(
      'BAD_INPUT',
      `this benchmark copies the host's hyperfine into the bench image, so it needs a Linux host whose engine runs the same architecture; ` +
        `host ${process.platform}/${hostArch}, engine ${version.Os}/${version.Arch}`,
    );
  }
}

export async function buildHyperfineImage(
  docker: Dockerode,
  baseImage: string,
  tag: string,
  hyperfine: string,
  signal: AbortSignal,
): Promise<HyperfineImage> {
  await stat(hyperfine).catch(() => {
    throw new MountbenchError(
      'BAD_INPUT',
      `${hyperfine} not found: install hyperfine (Debian: apt-get install hyperfine) or set HYPERFINE=/path/to/hyperfine`,
    );
  });
  await checkEngineRunsHostBinaries(docker);
  await docker
    .getImage(baseImage)
    .inspect()
    .catch(() => {
      throw new MountbenchError(
        'IMAGE_UNAVAILABLE',
        `the bench image ${baseImage} is not on the engine; build it with npm run image:offline or set MOUNTBENCH_IMAGE`,
      );
    });
  const libraries = await librariesOf(hyperfine);
  const context = await mkdtemp(join(tmpdir(), 'mountbench-hyperfine-image-'));
  try {
    // copyFile follows symlinks (ld-linux is one on Debian), so each path gets the real bytes.
    for (const path of [hyperfine, ...libraries]) {
      const target = join(context, 'rootfs', path);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(path, target);
      await chmod(target, 0o755);
    }
    await writeFile(join(context, 'Dockerfile'), `FROM ${baseImage}\nCOPY rootfs/ /\n`);
    const stream = await docker.buildImage({ context, src: ['Dockerfile', 'rootfs'] }, {
      t: tag,
      abortSignal: signal,
    } as Dockerode.ImageBuildOptions);
    await new Promise<void>((resolve, reject) => {
      docker.modem.followProgress(
        stream,
        (err: Error | null, events: BuildEvent[]) => {
          const failed = err?.message ?? events.find((e) => e.error)?.error;
          if (failed) reject(new MountbenchError('IMAGE_UNAVAILABLE', `building ${tag} failed: ${failed}`));
          else resolve();
        },
        () => undefined,
      );
    });
  } finally {
    await rm(context, { recursive: true, force: true });
  }
  return { tag, hyperfine, libraries };
}
