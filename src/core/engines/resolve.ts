// Picks the engine a command should use and connects to it, or says exactly why it cannot.
import type Dockerode from 'dockerode';
import type { DiscoveredEngine } from '../../shared/engine';
import { MountbenchError } from '../../shared/errors';
import { connectEngine } from './connect';
import { DEFAULT_CONTEXT } from './current-context';
import { discoverEngines } from './discover';
import { resolveDiscoveryOptions, type DiscoveryOptions } from './discovery-options';

export interface ResolvedEngine {
  engine: DiscoveredEngine;
  docker: Dockerode;
}

/**
 * `name` undefined: the current engine. When the user chose it (DOCKER_HOST, DOCKER_CONTEXT or a
 * current context in config.json) it is that one or none: measuring another engine without a word
 * would give figures for the wrong machine. Only the implicit default (no choice made) falls back
 * to the first engine that answers, such as Colima's socket on a Mac without /var/run/docker.sock.
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
    if (current && !current.reachable && userChoseCurrent(current, env)) {
      throw new MountbenchError(
        'ENGINE_UNREACHABLE',
        `The engine you selected ${describeFailure(current)}. ${howChosen(env)}; no other engine is used in its place.`,
      );
    }
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

/** The docker CLI's own order (see current-context.ts): DOCKER_HOST, DOCKER_CONTEXT, config.json. */
function userChoseCurrent(current: DiscoveredEngine, env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.DOCKER_HOST) || current.name !== DEFAULT_CONTEXT;
}

function howChosen(env: NodeJS.ProcessEnv): string {
  if (env.DOCKER_HOST) return 'It was chosen by DOCKER_HOST: start it, or unset DOCKER_HOST';
  if (env.DOCKER_CONTEXT) return 'It was chosen by DOCKER_CONTEXT: start it, or unset DOCKER_CONTEXT';
  return `It is the current docker context: start it, or pick another with \`docker context use\` or --engine`;
}
