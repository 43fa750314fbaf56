// What engine discovery reports about one Docker API endpoint.
import type { ProviderId } from './ids';

export type EngineSource = 'context' | 'env' | 'socket';

/** TLS material of a Docker context (files under `contexts/tls/<sha256 of name>/docker/`). */
export interface EngineTls {
  caPath?: string;
  certPath?: string;
  keyPath?: string;
  /** The context's `SkipTLSVerify`: talk TLS but do not verify the server's certificate. */
  skipVerify?: boolean;
}

/** What a reachable engine says about itself (`docker version` and `docker info`). */
export interface EngineFacts {
  serverVersion?: string;
  /** `/version`'s `Platform.Name` when not empty: "Docker Desktop 4.37.1 (178610)". */
  platformName?: string;
  apiVersion?: string;
  os?: string;
  osType?: string;
  arch?: string;
  kernelVersion?: string;
  cpus?: number;
  memoryBytes?: number;
}

export interface DiscoveredEngine extends EngineFacts {
  /**
   * Context name (`default` is the docker CLI's implicit context: `DOCKER_HOST` or the system socket),
   * or, for a known socket no context points at, the name its product gives its context (e.g. `colima`).
   */
  name: string;
  /** As Docker writes it: `unix:///path`, `tcp://host:port`, `ssh://user@host`. */
  endpoint: string;
  source: EngineSource;
  /** Present when the context has TLS material or asks for TLS without verification. */
  tls?: EngineTls;
  /** Guessed from the context name and the socket path. */
  provider: ProviderId;
  /** True for the engine the docker CLI would use right now. */
  current: boolean;
  reachable: boolean;
  /** Why it is not reachable, in words a user can act on. */
  error?: string;
}

/** What a bind mount on an engine really lands on, seen in a container (Setup's engines card). */
export interface EngineFsSeen {
  engine: string;
  /** As /proc/mounts names it: `virtiofs`, `fakeowner`, `fuse.grpcfuse`, `ext4`…; null when not seen. */
  fsType: string | null;
  /** Why it was not seen, in words a user can act on; null when it was. */
  reason: string | null;
}
