import type { MountFacts } from './mount-facts';
import { syncToolTradeOffs } from './sync-trade-offs';

export const MUTAGEN: MountFacts = {
  label: 'mutagen sync',
  detail: 'a named volume that mutagen keeps in step with a folder of this machine',
  role: 'source-tree',
  setupCost: 3,
  needs: 'sync-tool',
  filesOnTheHost: false,
  tradeOffs: (context) => syncToolTradeOffs('mutagen', context),
};
