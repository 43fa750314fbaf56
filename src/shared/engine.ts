// What engine discovery reports about one Docker API endpoint.
import type { ProviderId } from './ids';

export type EngineSource = 'context' | 'env' | 'socket';

export interface DiscoveredEngine {
  /** Context name, `DOCKER_HOST`, or the known socket's product name (e.g. `colima`). */
  name: string;
  /** As Docker writes it: `unix:///path`, `tcp://host:port`, `ssh://user@host`. */
  endpoint: string;
  source: EngineSource;
  /** Guessed from the context name and the socket path. */
  provider: ProviderId;
  /** True for the engine the docker CLI would use right now. */
  current: boolean;
  reachable: boolean;
  /** Why it is not reachable, in words a user can act on. */
  error?: string;
  serverVersion?: string;
  apiVersion?: string;
  os?: string;
  osType?: string;
  arch?: string;
  kernelVersion?: string;
  cpus?: number;
  memoryBytes?: number;
}
