// "The fs type actually seen" on Setup: what a bind mount on this engine really lands on, read from
// /proc/mounts in a throwaway bench container (labelled like a run's, removed at once), the same
// probe the sweep verifies every variant with. It never pulls: with the bench image missing, it
// says the first run will show it, rather than start a download the user did not ask for.
import type { EngineFsSeen } from '../../shared/engine';
import { serializeError } from '../../shared/errors';
import { resolveEngine } from '../engines';
import { benchImageFor } from '../runner/image';
import { newRunId } from '../runner/prepare-run';
import { observeBindFsType } from './observe-fs';

/** A probe takes a second or two; an engine that does not answer in this long is reported, not waited on. */
const PROBE_TIMEOUT_MS = 60_000;

export async function engineFsSeen(
  engineName: string,
  options: { env: NodeJS.ProcessEnv; cacheDir: string },
): Promise<EngineFsSeen> {
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  try {
    const { engine, docker } = await resolveEngine(engineName, { env: options.env, signal });
    const image = benchImageFor(undefined, options.env);
    try {
      await docker.getImage(image).inspect();
    } catch {
      return {
        engine: engineName,
        fsType: null,
        reason: `not checked yet: the bench image ${image} is not on this engine; the first run pulls it and shows the fs type`,
      };
    }
    const fsType = await observeBindFsType({
      docker,
      image,
      // A plain engine's bind mount is served natively unless a run asks for its FUSE variant.
      provider: engine.provider,
      variant: 'native',
      cacheDir: options.cacheDir,
      probeId: `${newRunId()}-fs`,
      signal,
    });
    return { engine: engineName, fsType, reason: null };
  } catch (err) {
    return { engine: engineName, fsType: null, reason: `could not look: ${serializeError(err).message}` };
  }
}
