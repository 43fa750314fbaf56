// A dockerode client for a discovered engine, every call of it under a deadline.
import Dockerode from 'dockerode';
import type { DiscoveredEngine } from '../../shared/engine';
import { MountbenchError } from '../../shared/errors';
import { dockerOptionsFor } from './endpoint-options';
import { withDeadlines, type EngineDeadlines } from './engine-deadlines';

export function connectEngine(
  engine: Pick<DiscoveredEngine, 'name' | 'endpoint' | 'tls' | 'error'>,
  env: NodeJS.ProcessEnv = process.env,
  deadlines?: EngineDeadlines,
): Dockerode {
  if (!engine.endpoint) {
    // Only entries for broken context files have no endpoint; their error says what is wrong.
    throw new MountbenchError(
      'ENGINE_UNREACHABLE',
      `The engine "${engine.name}" has no endpoint to connect to${engine.error ? `: ${engine.error}` : '.'}`,
    );
  }
  return withDeadlines(
    new Dockerode(dockerOptionsFor(engine.endpoint, engine.tls, env)),
    engine.endpoint,
    deadlines,
  );
}
