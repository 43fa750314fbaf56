// Makes sure the bench image is on the engine, pulling it with progress when it is not.
import type Dockerode from 'dockerode';
import benchImage from '../../../resources/bench-image.json';
import { MountbenchError } from '../../shared/errors';
import type { PullProgress } from '../../shared/pull-progress';
import { imageReferenceProblem, parseImageReference, registryIsLoopback } from '../../shared/image-reference';
import { followPull } from './follow-pull';
import { PullProgressTracker } from './pull-progress';

export const DEFAULT_BENCH_IMAGE: string = benchImage.image;

export function benchImageFor(requested: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (requested !== undefined) return requested;
  const fromEnv = env.MOUNTBENCH_IMAGE;
  if (!fromEnv) return DEFAULT_BENCH_IMAGE;
  const problem = imageReferenceProblem(fromEnv);
  if (problem)
    throw new MountbenchError('BAD_INPUT', `MOUNTBENCH_IMAGE is not an image reference: ${problem}`);
  return fromEnv;
}

/**
 * Refuses, before any engine call, a name that is not an image reference by Docker's grammar, and
 * one on a loopback registry unless the user typed it: the engine fetches that registry, so such a
 * name from a page or a project file would make it call whatever listens on its own 127.0.0.1.
 */
export function checkImageReference(image: string, what: string, loopbackAllowed: boolean): void {
  const parsed = parseImageReference(image);
  if (typeof parsed === 'string')
    throw new MountbenchError('BAD_INPUT', `${what} is not an image reference: ${parsed}`);
  if (registryIsLoopback(parsed) && !loopbackAllowed)
    throw new MountbenchError(
      'BAD_INPUT',
      `${what} ${image} is on a registry at a loopback address, which the engine itself would call: ` +
        'refused unless typed on the command line (--image, --custom-image or --tools-image)',
    );
}

/**
 * The bench image a run or sweep uses (benchImageFor), checked: its registry may be a loopback
 * address only when the user chose it themselves, as MOUNTBENCH_IMAGE or as one of `typedImages`
 * (typed on the command line); a page's or a file's request never may.
 */
export function checkedBenchImage(
  requested: string | undefined,
  env: NodeJS.ProcessEnv | undefined,
  typedImages: readonly string[] = [],
): string {
  const image = benchImageFor(requested, env);
  checkImageReference(image, 'the bench image', requested === undefined || typedImages.includes(image));
  return image;
}

/** What an image is for, in the words an error about it uses. */
export type ImageRole = 'bench' | 'custom' | 'helper' | 'tools';

const ROLE_WORDS: Record<ImageRole, string> = {
  bench: 'bench image',
  custom: 'image of your project',
  helper: 'cold-cache helper image',
  tools: 'tools image',
};
const PULL_REMEDY: Record<ImageRole, string> = {
  bench:
    'On a machine without registry access, build one with `npm run image:offline` and select it with MOUNTBENCH_IMAGE=mountbench/bench:offline or --image.',
  custom:
    'Nothing was run. Check the name, sign in to its registry (`docker login`), or build it locally first.',
  helper:
    'On a machine without registry access, build one and set MOUNTBENCH_HELPER_IMAGE to its id (docs/user-guide.md, cold-cache mode).',
  tools:
    'On a machine without registry access, build one with `npm run image:tools` (scripts/build-tools-image.sh) and select it with MOUNTBENCH_TOOLS_IMAGE=mountbench/tools:offline or --tools-image.',
};

/** The engine's own reason, one line and bounded: it comes from the registry through the engine. */
function pullFailure(err: unknown): string {
  const { message, json } = err as { message?: string; json?: { message?: unknown } };
  const text = typeof json?.message === 'string' ? json.message : (message ?? String(err));
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

export async function ensureImage(
  docker: Dockerode,
  image: string,
  signal: AbortSignal,
  onProgress: (progress: PullProgress) => void,
  role: ImageRole = 'bench',
): Promise<void> {
  // Checked again here, at the engine's door: every caller's image passes this way.
  const parsed = parseImageReference(image);
  if (typeof parsed === 'string')
    throw new MountbenchError(
      'BAD_INPUT',
      `the image ${image.slice(0, 100)} is not an image reference: ${parsed}`,
    );
  try {
    await docker.getImage(image).inspect({ abortSignal: signal } as object);
    return;
  } catch (err) {
    signal.throwIfAborted();
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
  const tracker = new PullProgressTracker();
  try {
    const stream = await docker.pull(image, { abortSignal: signal });
    await followPull(stream, signal, (event) => onProgress(tracker.add(event)));
  } catch (err) {
    signal.throwIfAborted();
    throw new MountbenchError(
      'IMAGE_UNAVAILABLE',
      `could not pull the ${ROLE_WORDS[role]} ${image}: ${pullFailure(err)}. ${PULL_REMEDY[role]}`,
      { cause: err },
    );
  }
}
