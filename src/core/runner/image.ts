// Makes sure the bench image is on the engine, pulling it with progress when it is not.
import type Dockerode from 'dockerode';
import benchImage from '../../../resources/bench-image.json';
import { MountbenchError } from '../../shared/errors';

export const DEFAULT_BENCH_IMAGE: string = benchImage.image;

export function benchImageFor(requested: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return requested ?? (env.MOUNTBENCH_IMAGE || DEFAULT_BENCH_IMAGE);
}

export interface PullProgress {
  status: string;
  /** Bytes done over bytes known, across layers; null before any size is known. */
  fraction: number | null;
}

interface PullEvent {
  id?: string;
  status?: string;
  progressDetail?: { current?: number; total?: number };
}

export async function ensureImage(
  docker: Dockerode,
  image: string,
  signal: AbortSignal,
  onProgress: (progress: PullProgress) => void,
): Promise<void> {
  try {
    await docker.getImage(image).inspect({ abortSignal: signal } as object);
    return;
  } catch (err) {
    signal.throwIfAborted();
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
  const layers = new Map<string, { current: number; total: number }>();
  try {
    const stream = await docker.pull(image, { abortSignal: signal });
    await new Promise<void>((resolve, reject) => {
      docker.modem.followProgress(
        stream,
        (err: Error | null) => (err ? reject(err) : resolve()),
        (event: PullEvent) => {
          if (event.id && event.progressDetail?.total) {
            layers.set(event.id, {
              current: event.progressDetail.current ?? 0,
              total: event.progressDetail.total,
            });
          }
          let done = 0;
          let total = 0;
          for (const layer of layers.values()) {
            done += layer.current;
            total += layer.total;
          }
          onProgress({ status: event.status ?? '', fraction: total ? done / total : null });
        },
      );
    });
  } catch (err) {
    signal.throwIfAborted();
    throw new MountbenchError(
      'IMAGE_UNAVAILABLE',
      `could not pull the bench image ${image}: ${(err as Error).message}. On a machine without registry access, ` +
        'build one with `npm run image:offline` and select it with MOUNTBENCH_IMAGE=mountbench/bench:offline or --image.',
      { cause: err },
    );
  }
}
