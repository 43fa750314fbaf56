// The default tools image is not pulled from anywhere: it is built on the user's engine from a
// pinned Debian base and Debian's packages (resources/tools-image.json, written out as
// resources/tools-image/Dockerfile), the first time a run needs it, with progress like a pull's.
// An image the user names (--tools-image, MOUNTBENCH_TOOLS_IMAGE) is pulled as any other.
import type Dockerode from 'dockerode';
import toolsImage from '../../../resources/tools-image.json';
import { MountbenchError } from '../../shared/errors';
import type { PullProgress } from '../../shared/pull-progress';
import { packFixture } from '../fixtures/tar-pack';
import { followPull } from './follow-pull';
import { ensureImage } from './image';
import { DEFAULT_TOOLS_IMAGE, TOOLS_IMAGE_PACKAGES } from './tools-image';

/** The pinned base of the default tools image (a digest, so every build starts from the same tree). */
export const TOOLS_IMAGE_BASE: string = toolsImage.base;

/** The Dockerfile of the default tools image; resources/tools-image/Dockerfile is this text. */
export function toolsDockerfile(
  base: string = TOOLS_IMAGE_BASE,
  packages: readonly string[] = TOOLS_IMAGE_PACKAGES,
): string {
  return [
    '# Generated from resources/tools-image.json (src/core/runner/tools-image-build.ts): edit that file.',
    '# The image Mountbench builds for the workloads needing git, node, npm, fio or php.',
    `FROM ${base}`,
    'RUN apt-get update \\',
    `  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(' ')} \\`,
    '  && rm -rf /var/lib/apt/lists/* /usr/share/doc/* /usr/share/man/* \\',
    // BusyBox's adjtimex: the runner's microsecond clock, as in the bench image.
    '  && ln -sf /bin/busybox /usr/local/bin/adjtimex',
    'LABEL mountbench.tools-image="1"',
    '',
  ].join('\n');
}

const STEP = /^Step (\d+)\/(\d+) : /;

/**
 * The build stream's JSON lines (`{"stream":"Step 2/3 : RUN …"}`, the base image's pull lines,
 * `{"aux":{"ID":…}}`) as progress: the fraction of steps begun, and the current step's words.
 * The stream is the engine's: only strings are read, and bounded.
 */
export class BuildProgressTracker {
  private step = 0;
  private steps = 0;
  private status = 'starting the build';

  add(raw: unknown): PullProgress {
    const event = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const text = typeof event.stream === 'string' ? event.stream.trim().slice(0, 200) : '';
    const step = STEP.exec(text);
    if (step && Number(step[2]) > 0 && Number(step[2]) <= 1000 && Number(step[1]) <= Number(step[2])) {
      this.step = Number(step[1]);
      this.steps = Number(step[2]);
      this.status = `building: ${text.replace(/\s+/g, ' ')}`;
    } else if (typeof event.status === 'string' && event.status.startsWith('Pulling')) {
      this.status = `building: ${event.status.slice(0, 200)}`;
    }
    return {
      status: this.status,
      fraction: this.steps ? (this.step - 1) / this.steps : null,
      layers: { done: 0, total: 0 },
      bytes: { done: 0, total: null },
    };
  }
}

/** The engine's reason a build failed, one line and bounded. */
function buildFailure(err: unknown): string {
  const { message, json } = err as { message?: string; json?: { message?: unknown } };
  const text = typeof json?.message === 'string' ? json.message : (message ?? String(err));
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/** Builds `image` on the engine from a one-file context holding `dockerfile`, reporting progress. */
export async function buildImageFromDockerfile(
  docker: Dockerode,
  image: string,
  dockerfile: string,
  signal: AbortSignal,
  onProgress: (progress: PullProgress) => void,
): Promise<void> {
  const bytes = Buffer.from(dockerfile, 'utf8');
  const context = packFixture({
    totalBytes: bytes.length,
    entryCount: 1,
    entries: function* () {
      yield { type: 'file', path: 'Dockerfile', size: bytes.length, content: () => bytes };
    },
  });
  const tracker = new BuildProgressTracker();
  try {
    const stream = await docker.buildImage(context, {
      t: image,
      rm: true,
      forcerm: true,
      abortSignal: signal,
    } as Dockerode.ImageBuildOptions);
    await followPull(stream, signal, (event) => onProgress(tracker.add(event)));
  } catch (err) {
    signal.throwIfAborted();
    throw new MountbenchError(
      'IMAGE_UNAVAILABLE',
      `could not build the tools image ${image}: ${buildFailure(err)}. Name one with --tools-image or ` +
        'MOUNTBENCH_TOOLS_IMAGE; on a machine without registry access, build one with `npm run image:tools` ' +
        'and select it with MOUNTBENCH_TOOLS_IMAGE=mountbench/tools:offline.',
      { cause: err },
    );
  }
  // A build stream that ended without an error but left no image is a failed build too.
  await docker
    .getImage(image)
    .inspect()
    .catch((err: unknown) => {
      throw new MountbenchError(
        'IMAGE_UNAVAILABLE',
        `the build of the tools image ${image} ended but the image is not there: ${buildFailure(err)}`,
      );
    });
}

/**
 * The tools image on the engine: the default one built here when missing, any other pulled
 * (ensureImage, with the tools image's remedy).
 */
export async function ensureToolsImage(
  docker: Dockerode,
  image: string,
  signal: AbortSignal,
  onProgress: (progress: PullProgress) => void,
): Promise<void> {
  if (image !== DEFAULT_TOOLS_IMAGE) return ensureImage(docker, image, signal, onProgress, 'tools');
  try {
    await docker.getImage(image).inspect({ abortSignal: signal } as object);
    return;
  } catch (err) {
    signal.throwIfAborted();
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
  await buildImageFromDockerfile(docker, image, toolsDockerfile(), signal, onProgress);
}
