// The plain Docker Engine as a module (product-module.ts). It is the one product the rest of the
// code may still name, for two reasons: discovery gives it every engine no product claims (the
// system socket, a remote DOCKER_HOST), and its variants (`native`, `fuse`: docker-engine.ts) are
// made per backend by the runner within a run, with no restart, where every other product's
// variants need a sweep. Its provider finds its engine through discovery, so it is listed in
// registry.ts, beside the products discovery asks (product-modules.ts), not among them.
import type { ProductModule } from '../providers/product-module';
import { dockerEngineAdvice } from './docker-engine-advice';
import { dockerEngineProvider } from './docker-engine-provider';

export const dockerEngineModule: ProductModule = {
  id: dockerEngineProvider.id,
  provider: dockerEngineProvider,
  discovery: {
    // Claims nothing itself: what no product claims is the plain engine (engines/provider-guess.ts),
    // and the system socket is listed by discovery (engines/known-sockets.ts).
    socketPathMarks: [],
    isOwnContextName: () => false,
    knownSockets: async () => [],
  },
  // On Linux it shares the host's kernel; inside someone's VM it is not known to be the user's.
  ownsItsVm: false,
  ownedSettingsFiles: () => [],
  publishedLabel: /^Docker (on Linux|in )/i,
  cliFolders: () => [],
  advice: dockerEngineAdvice,
};
