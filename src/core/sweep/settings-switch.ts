// The one settings switch a sweep and an apply both make: record the originals, then switch the
// product to a variant → wait until it is ready → check what a bind mount really lands on → ask the
// provider to verify; and, whatever happened, put everything back. Each caller keeps only its
// policy: a sweep measures every variant and always puts back, an apply keeps the one it verified.
// Every journal step is the caller's `owner`'s, so a crash at any step is restored the same way.
import { MountbenchError, serializeError } from '../../shared/errors';
import type { ResolvedEngine } from '../engines';
import type { Journal } from '../journal';
import type { Provider, ProviderContext, VerifyResult } from '../providers/provider';
import { DOCKER_CLI_OWNER, captureDockerContext, restoreDockerContext } from './docker-cli-context';
import { DOCKER_SWITCH_ENGINE, type SwitchEngine } from './switch-engine';

/** Before the first change, durably: the Docker CLI's context and the provider's originals. */
export async function recordOriginals(provider: Provider, live: ProviderContext, journal: Journal) {
  await captureDockerContext(live, journal);
  await provider.captureOriginals(live, journal);
}

export interface SwitchOptions {
  owner: 'sweep' | 'apply';
  image: string;
  cacheDir: string;
  probeId: string;
  readyTimeoutMs?: number;
  signal: AbortSignal;
  onPhase(phase: 'apply' | 'wait' | 'verify'): void;
  onProgress(message: string): void;
  /** Default the Docker engine itself; unit tests answer without one. */
  engine?: SwitchEngine;
}

export interface Switched {
  resolved: ResolvedEngine;
  fsType: string;
  verdict: VerifyResult;
}

/** Switches to `variant` and verifies it; the verdict may say it did not take (the caller's call). */
export async function switchVariant(
  provider: Provider,
  variant: string,
  live: ProviderContext,
  journal: Journal,
  options: SwitchOptions,
): Promise<Switched> {
  const { signal } = options;
  options.onPhase('apply');
  await journal.step(options.owner, 'apply', 'variant', variant);
  await provider.apply(live, variant, journal);
  options.onPhase('wait');
  await provider.waitReady(live, {
    timeoutMs: options.readyTimeoutMs,
    signal,
    onProgress: options.onProgress,
  });
  const engineName = (await provider.detect(live)).engineName;
  if (!engineName)
    throw new MountbenchError('ENGINE_NOT_FOUND', `${provider.label} names no engine to run on`);
  const engine = options.engine ?? DOCKER_SWITCH_ENGINE;
  const resolved = await engine.connect(engineName, live, signal);
  options.onPhase('verify');
  const fsType = await engine.bindFsType(
    resolved.docker,
    {
      image: options.image,
      provider: provider.id,
      variant,
      cacheDir: options.cacheDir,
      probeId: options.probeId,
      signal,
    },
    options.onProgress,
  );
  return { resolved, fsType, verdict: await provider.verify(live, variant, fsType) };
}

/** The Docker CLI's context back to the user's (a product start switches it to its own). */
export async function putBackDockerContext(ctx: ProviderContext, journal: Journal): Promise<void> {
  await restoreDockerContext({ ...ctx, signal: undefined }, journal.originals(DOCKER_CLI_OWNER), journal);
  await journal.markRestored(DOCKER_CLI_OWNER);
}

/**
 * Puts the provider's settings and running state and the Docker context back, with no abort
 * signal (a cancel must not cut it short), and ends the journal. Returns why it could not, if so.
 */
export async function putEverythingBack(
  provider: Provider,
  ctx: ProviderContext,
  journal: Journal,
  owner: 'sweep' | 'apply',
  ending: 'completed' | 'restored',
): Promise<string | undefined> {
  const steady: ProviderContext = { ...ctx, signal: undefined };
  try {
    await journal.step(owner, 'restore', 'begin');
    if (!journal.isRestored(provider.id)) {
      await provider.restore(steady, journal.originals(provider.id), journal);
      await journal.markRestored(provider.id);
    }
    await putBackDockerContext(steady, journal);
    await journal.finish(ending);
    return undefined;
  } catch (err) {
    return `${serializeError(err).message} — run \`mountbench restore\` to try again`;
  } finally {
    await journal.close();
  }
}
