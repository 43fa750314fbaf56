// Makes sure the bench image is on the engine, pulling it with progress when it is not.
import type Dockerode from 'dockerode';
import benchImage from '../../../resources/bench-image.json';
import { MountbenchError } from '../../shared/errors';
import type { PullProgress } from '../../shared/pull-progress';
import { PullProgressTracker } from './pull-progress';

export const DEFAULT_BENCH_IMAGE: string = benchImage.image;

export function benchImageFor(requested: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return requested ?? (env.MOUNTBENCH_IMAGE || DEFAULT_BENCH_IMAGE);
}

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
  role: 'bench' | 'custom' = 'bench',
): Promise<void> {
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
    await new Promise<void>((resolve, reject) => {
      const abort = () => {
        // followProgress would wait for a stream the engine may keep open: end it and answer now.
        (stream as { destroy?: () => void }).destroy?.();
        reject(signal.reason);
      };
      signal.addEventListener('abort', abort, { once: true });
      docker.modem.followProgress(
        stream,
        (err: Error | null) => {
          signal.removeEventListener('abort', abort);
          if (err) reject(err);
          else resolve();
        },
        (event: unknown) => onProgress(tracker.add(event)),
      );
    });
  } catch (err) {
    signal.throwIfAborted();
    throw new MountbenchError(
      'IMAGE_UNAVAILABLE',
      `could not pull the ${role === 'bench' ? 'bench image' : 'image of your project'} ${image}: ${pullFailure(err)}. ` +
        (role === 'bench'
          ? 'On a machine without registry access, build one with `npm run image:offline` and select it with MOUNTBENCH_IMAGE=mountbench/bench:offline or --image.'
          : 'Nothing was run. Check the name, sign in to its registry (`docker login`), or build it locally first.'),
      { cause: err },
    );
  }
}
