// Everything that could be an engine on this machine, as the docker CLI would see it plus the known
// sockets of the desktop products, named, attributed to a provider, and listed once each.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EngineTls } from '../../shared/engine';
import type { EngineCandidate } from './candidate';
import { readContexts } from './contexts';
import { currentContextName, DEFAULT_CONTEXT } from './current-context';
import { readDockerConfig } from './docker-config';
import { dedupeCandidates, type KeyedCandidate } from './dedupe';
import { usesTls } from './endpoint-options';
import { parseEndpoint, socketPathOf } from './endpoint';
import type { ResolvedDiscoveryOptions } from './discovery-options';
import { listKnownSockets } from './known-sockets';
import { guessProvider, productSocketFolders } from './provider-guess';
import { findTlsMaterial } from './tls-material';

export interface CandidateList {
  candidates: EngineCandidate[];
  /** Problems that belong to no engine (an unreadable config.json). */
  problems: string[];
}

export async function listEngineCandidates(
  options: Pick<ResolvedDiscoveryOptions, 'env' | 'home' | 'systemSocketPath'>,
): Promise<CandidateList> {
  const { env, home, systemSocketPath } = options;
  const config = await readDockerConfig(env, home);
  const { contexts, problems: contextProblems } = await readContexts(config.dir);
  const current = currentContextName(env, config.currentContext);
  const productFolders = productSocketFolders(env, home);

  const raw: Array<Omit<EngineCandidate, 'provider'>> = [];
  raw.push({
    name: DEFAULT_CONTEXT,
    endpoint: env.DOCKER_HOST || `unix://${systemSocketPath}`,
    source: env.DOCKER_HOST ? 'env' : 'context',
    current: current.name === DEFAULT_CONTEXT,
    ...withTls(await defaultContextTls(env, config.dir)),
  });
  for (const context of contexts) {
    raw.push({
      name: context.name,
      endpoint: context.host,
      source: 'context',
      current: current.name === context.name,
      ...withTls(context.tls),
    });
  }
  for (const problem of contextProblems) {
    raw.push({
      name: problem.name,
      endpoint: '',
      source: 'context',
      current: current.name === problem.name,
      error: problem.message,
    });
  }
  if (!raw.some((c) => c.name === current.name)) {
    raw.push({
      name: current.name,
      endpoint: '',
      source: 'context',
      current: true,
      error:
        `The current context "${current.name}" (set by ${current.via}) does not exist: there is no ` +
        `context file for it under ${path.join(config.dir, 'contexts', 'meta')}.`,
    });
  }
  for (const socket of await listKnownSockets({ env, home, systemSocketPath })) {
    raw.push({ name: socket.name, endpoint: `unix://${socket.path}`, source: 'socket', current: false });
  }

  const keyed: KeyedCandidate[] = await Promise.all(
    raw.map(async (candidate) => {
      const socketPath = socketPathOf(candidate.endpoint);
      const realSocketPath = socketPath ? await realPath(socketPath) : undefined;
      const provider = guessProvider({
        name: candidate.name,
        socketPath,
        realSocketPath,
        productFolders,
      });
      return {
        candidate: { ...candidate, provider },
        key: candidate.error ? undefined : endpointKey(candidate.endpoint, realSocketPath, candidate.tls),
      };
    }),
  );
  return {
    candidates: dedupeCandidates(keyed),
    problems: config.problem ? [config.problem] : [],
  };
}

// As the docker CLI: DOCKER_TLS_VERIFY (any non-empty value) turns on verified TLS, DOCKER_TLS
// unverified TLS, with the files in DOCKER_CERT_PATH or the config folder.
async function defaultContextTls(env: NodeJS.ProcessEnv, configDir: string): Promise<EngineTls | undefined> {
  if (!env.DOCKER_HOST) return undefined;
  const verify = !!env.DOCKER_TLS_VERIFY;
  if (!verify && !env.DOCKER_TLS) return undefined;
  return findTlsMaterial(env.DOCKER_CERT_PATH || configDir, !verify);
}

function withTls(tls: EngineTls | undefined): { tls?: EngineTls } {
  return tls ? { tls } : {};
}

/**
 * One key per engine: the real socket file, or the network address with the default port filled in.
 * Over tcp the TLS mode is part of the key: a verified and an unverified context to one address are
 * two ways of connecting, and one may work where the other does not.
 */
function endpointKey(
  endpoint: string,
  realSocketPath: string | undefined,
  tls: EngineTls | undefined,
): string | undefined {
  try {
    const parsed = parseEndpoint(endpoint);
    switch (parsed.scheme) {
      case 'unix':
        return `unix://${realSocketPath ?? path.resolve(parsed.path)}`;
      case 'tcp': {
        const secure = usesTls(tls);
        const port = parsed.port ?? (secure ? 2376 : 2375);
        const mode = !secure ? 'plain' : tls?.skipVerify ? 'tls-noverify' : 'tls';
        return `tcp://${parsed.host.toLowerCase()}:${port}#${mode}`;
      }
      case 'ssh':
        return `ssh://${parsed.username ?? ''}@${parsed.host.toLowerCase()}:${parsed.port ?? 22}`;
    }
  } catch {
    // A bad endpoint is reported by the probe; it merges with nothing.
    return undefined;
  }
}

async function realPath(file: string): Promise<string | undefined> {
  try {
    return await fs.realpath(file);
  } catch {
    return undefined;
  }
}
