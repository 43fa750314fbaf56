// The engine as a result file records it.
import type { DiscoveredEngine } from '../../shared/engine';
import { MountbenchError } from '../../shared/errors';
import { engineInfoSchema, type EngineInfo } from '../../shared/result-schema';
import { productVersionFrom } from './product-version';

export function engineInfoFrom(engine: DiscoveredEngine): EngineInfo {
  if (!engine.reachable) {
    throw new MountbenchError(
      'ENGINE_UNREACHABLE',
      `The engine "${engine.name}" did not answer, so there is nothing to record about it: ${engine.error ?? 'no reason given'}`,
    );
  }
  // A reachable engine that left a field out (an old API) is recorded as unknown rather than refused.
  return engineInfoSchema.parse({
    name: engine.name,
    endpoint: engine.endpoint,
    provider: engine.provider,
    serverVersion: engine.serverVersion ?? 'unknown',
    productVersion: productVersionFrom(engine.provider, engine.platformName),
    apiVersion: engine.apiVersion ?? 'unknown',
    os: engine.os ?? 'unknown',
    osType: engine.osType ?? 'unknown',
    arch: engine.arch ?? 'unknown',
    kernelVersion: engine.kernelVersion ?? 'unknown',
    cpus: engine.cpus ?? 0,
    memoryBytes: engine.memoryBytes ?? 0,
  });
}
