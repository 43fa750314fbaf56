import type { MountFacts } from './mount-facts';
import { syncToolTradeOffs } from './sync-trade-offs';

export const DOCKER_SYNC: MountFacts = {
  label: 'docker-sync',
  detail: 'a named volume that docker-sync keeps in step with a folder of this machine',
  role: 'source-tree',
  setupCost: 3,
  needs: 'sync-tool',
  filesOnTheHost: false,
  tradeOffs: (context) => syncToolTradeOffs('docker-sync', context),
};
