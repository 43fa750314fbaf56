import type { MountFacts } from './mount-facts';

// The same workload with no container: the baseline, in no role, never a recommendation's pick.
export const HOST: MountFacts = {
  label: 'host',
  detail: 'the same workload here, with no container: the baseline the others are compared with',
  role: null,
  setupCost: 4,
  needs: null,
  filesOnTheHost: false,
  tradeOffs: () => [
    {
      id: 'host-baseline',
      severity: 'info',
      text: 'The host baseline runs the workload without a container: a yardstick, not a Docker setup.',
    },
  ],
};
