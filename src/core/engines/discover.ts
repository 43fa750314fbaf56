// Finds every engine and asks each, in parallel, whether it answers and what it is.
import Dockerode from 'dockerode';
import type { DiscoveredEngine } from '../../shared/engine';
import { MountbenchError } from '../../shared/errors';
import type { EngineCandidate } from './candidate';
import { listEngineCandidates } from './candidates';
import { dockerOptionsFor } from './endpoint-options';
import {
  resolveDiscoveryOptions,
  type DiscoveryOptions,
  type ResolvedDiscoveryOptions,
} from './discovery-options';
import { probeEngine } from './probe';

export interface DiscoveryReport {
  engines: DiscoveredEngine[];
  /** Problems that belong to no single engine, such as an unreadable config.json. */
  problems: string[];
}

export async function discoverEngines(options?: DiscoveryOptions): Promise<DiscoveredEngine[]> {
  return (await discoverEngineReport(options)).engines;
}

export async function discoverEngineReport(options?: DiscoveryOptions): Promise<DiscoveryReport> {
  const resolved = resolveDiscoveryOptions(options);
  if (resolved.signal?.aborted) throw cancelled();
  const { candidates, problems } = await listEngineCandidates(resolved);
  const engines = await Promise.all(candidates.map((candidate) => probeCandidate(candidate, resolved)));
  return { engines, problems };
}

export async function probeCandidate(
  candidate: EngineCandidate,
  resolved: Pick<ResolvedDiscoveryOptions, 'env' | 'timeoutMs' | 'signal'>,
): Promise<DiscoveredEngine> {
  if (candidate.error) return { ...candidate, reachable: false };
  let docker: Dockerode;
  try {
    const options = dockerOptionsFor(candidate.endpoint, candidate.tls, resolved.env);
    if (options.protocol === 'ssh') {
      // ssh2 keeps connecting for 20 s by default, long after the probe gave up, and holds the
      // process open meanwhile: bound the handshake by the probe's own timeout.
      options.sshOptions = { ...options.sshOptions, readyTimeout: resolved.timeoutMs };
    }
    docker = new Dockerode(options);
  } catch (err) {
    // A bad endpoint or an unreadable TLS file belongs to this engine only.
    return { ...candidate, reachable: false, error: err instanceof Error ? err.message : String(err) };
  }
  const result = await probeEngine(docker, candidate.endpoint, resolved);
  if (!result.reachable) return { ...candidate, reachable: false, error: result.error };
  return { ...candidate, reachable: true, ...definedOnly(result.facts) };
}

function definedOnly<T extends object>(facts: T): Partial<T> {
  return Object.fromEntries(Object.entries(facts).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function cancelled(): MountbenchError {
  return new MountbenchError('CANCELLED', 'Engine discovery was cancelled.');
}
