// Engine discovery and connections: the only door other modules use.
export { discoverEngines, discoverEngineReport, type DiscoveryReport } from './discover';
export { resolveEngine, type ResolvedEngine } from './resolve';
export { connectEngine } from './connect';
export { dockerOptionsFor, type EngineDockerOptions } from './endpoint-options';
export { parseEndpoint, socketPathOf, type ParsedEndpoint } from './endpoint';
export { engineInfoFrom } from './engine-info';
export { withDetectedVersion } from './product-version';
export { guessProvider, type ProviderHints } from './provider-guess';
export { DEFAULT_PROBE_TIMEOUT_MS, SYSTEM_SOCKET_PATH, type DiscoveryOptions } from './discovery-options';
