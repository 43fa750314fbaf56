// Every input of discovery is injectable, so tests can point it at a temp home instead of the real one.
import os from 'node:os';
import { MountbenchError } from '../../shared/errors';

export const DEFAULT_PROBE_TIMEOUT_MS = 3_000;
/** Where the docker CLI's implicit `default` context points when `DOCKER_HOST` is unset. */
export const SYSTEM_SOCKET_PATH = '/var/run/docker.sock';

export interface DiscoveryOptions {
  env?: NodeJS.ProcessEnv;
  home?: string;
  /** How long one engine may take to answer `info` and `version`; default 3 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The system-wide socket; only tests move it. */
  systemSocketPath?: string;
}

export interface ResolvedDiscoveryOptions {
  env: NodeJS.ProcessEnv;
  home: string;
  timeoutMs: number;
  signal?: AbortSignal;
  systemSocketPath: string;
}

export function resolveDiscoveryOptions(options: DiscoveryOptions = {}): ResolvedDiscoveryOptions {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new MountbenchError('BAD_INPUT', `The engine timeout must be a positive number, not ${timeoutMs}.`);
  }
  return {
    env: options.env ?? process.env,
    home: options.home ?? os.homedir(),
    timeoutMs,
    signal: options.signal,
    systemSocketPath: options.systemSocketPath ?? SYSTEM_SOCKET_PATH,
  };
}
