import type { MountFacts } from './mount-facts';

export const BIND: MountFacts = {
  label: 'bind mount',
  detail: 'a folder of this machine mounted into the container: what file-sharing settings change',
  role: 'source-tree',
  setupCost: 0,
  needs: null,
  filesOnTheHost: true,
  // What a bind mount costs depends on the file-sharing setting under it: the setting's trade-offs.
  tradeOffs: () => [],
};
