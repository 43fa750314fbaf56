// An engine as discovery first sees it, before asking it anything.
import type { DiscoveredEngine } from '../../shared/engine';

export type EngineCandidate = Pick<
  DiscoveredEngine,
  'name' | 'endpoint' | 'source' | 'provider' | 'current' | 'tls'
> & {
  /** Set when the engine cannot even be tried (a broken context file); the probe is skipped. */
  error?: string;
};
