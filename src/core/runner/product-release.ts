// A plain `run` records the product's own release as a sweep does. Where the engine's `/version`
// named none (every product but Docker Desktop), the product's own detection is asked (`rdctl
// version`, `colima version`, `orb version`, `limactl --version`, `podman version`: each bounded
// like every product command). The release is a label for the team's figures, never a reason to
// refuse a run: a detection that fails or names nothing leaves the engine as it was.
import type { EngineInfo } from '../../shared/result-schema';
import { withDetectedVersion } from '../engines';
import { PLAIN_ENGINE } from '../vocab/plain-engine-id';
import { providerContext } from '../providers/provider-context';
import { moduleFor } from '../products/registry';

export async function withProductRelease(
  engine: EngineInfo,
  options: { env?: NodeJS.ProcessEnv; home?: string; signal?: AbortSignal },
): Promise<EngineInfo> {
  if (engine.productVersion || engine.provider === PLAIN_ENGINE) return engine;
  const module = moduleFor(engine.provider);
  if (!module) return engine;
  try {
    const env = options.env ?? process.env;
    const ctx = await providerContext({
      env: options.home ? { ...env, HOME: options.home } : env,
      signal: options.signal,
    });
    const detection = await module.provider.detect(ctx);
    return withDetectedVersion(engine, detection.version);
  } catch {
    return engine;
  }
}
