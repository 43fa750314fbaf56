// Picks the engine a command should use and connects to it, or says exactly why it cannot.
import type Dockerode from 'dockerode';
import type { DiscoveredEngine } from '../../shared/engine';
import { MountbenchError } from '../../shared/errors';
import { connectEngine } from './connect';
import { discoverEngines } from './discover';
import { resolveDiscoveryOptions, type DiscoveryOptions } from './discovery-options';

export interface ResolvedEngine {
  engine: DiscoveredEngine;
  docker: Dockerode;
}

/**
 * `name` undefined: the current engine if it answers, else the first engine that does.
 * A name matches an engine's name, or failing that its endpoint (`unix:///…`, `tcp://…`).
 */
export async function resolveEngine(
  name: string | undefined,
  options: DiscoveryOptions = {},
): Promise<ResolvedEngine> {
  const { env } = resolveDiscoveryOptions(options);
  const engines = await discoverEngines(options);

  if (name === undefined) {
    const current = engines.find((engine) => engine.current);
    const chosen = current?.reachable ? current : engines.find((engine) => engine.reachable);
    if (!chosen) {
      throw new MountbenchError(
        'ENGINE_UNREACHABLE',
        `No Docker engine answered. Tried:\n${engines.map((engine) => `  - ${describeFailure(engine)}`).join('\n')}`,
      );
    }
    return { engine: chosen, docker: connectEngine(chosen, env) };
  }

  const engine =
    engines.find((e) => e.name === name) ?? engines.find((e) => e.endpoint !== '' && e.endpoint === name);
  if (!engine) {
    const names = engines.map((e) => e.name).join(', ');
    throw new MountbenchError('ENGINE_NOT_FOUND', `No engine named "${name}". Known engines: ${names}.`);
  }
  if (!engine.reachable) {
    throw new MountbenchError('ENGINE_UNREACHABLE', `Tried the engine ${describeFailure(engine)}.`);
  }
  return { engine, docker: connectEngine(engine, env) };
}

function describeFailure(engine: DiscoveredEngine): string {
  const where = engine.endpoint ? ` (${engine.endpoint})` : '';
  return `"${engine.name}"${where}: ${engine.error ?? 'it did not answer'}`;
}
