// The plain Docker Engine's facts (product-facts.ts), apart from its provider, which reads
// discovery: the advice, the cold-cache rule and the published figures read these alone.
import { PLAIN_ENGINE } from '../vocab/plain-engine-id';
import type { ProductFacts } from '../providers/product-facts';
import { dockerEngineAdvice } from './docker-engine-advice';

export const dockerEngineFacts: ProductFacts = {
  id: PLAIN_ENGINE,
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
