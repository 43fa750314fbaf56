import type { MountFacts } from './mount-facts';

export const SYNC_SHARE: MountFacts = {
  label: 'synchronized file share',
  detail:
    'a folder of this machine that Docker Desktop copies into its VM and keeps in step both ways (paid plans)',
  role: 'source-tree',
  // Docker Desktop keeps the copy itself (no tool to run), but only on a paid plan.
  setupCost: 2,
  needs: 'file-shares-api',
  filesOnTheHost: false,
  tradeOffs: () => [
    {
      id: 'paid-plan',
      severity: 'warning',
      text:
        'Synchronized file shares are a Docker Desktop feature of the Pro, Team and Business plans: the same ' +
        'project on another engine or a free plan falls back to a plain bind mount.',
    },
    {
      id: 'initial-sync',
      severity: 'caution',
      text:
        'Docker Desktop copies the whole folder into the VM before the share is ready: the first sync of a large ' +
        'tree takes minutes, and the share must exist before the container starts.',
    },
    {
      id: 'two-copies',
      severity: 'info',
      text: 'The files exist twice (host and the VM’s cache): double the disk space, and Docker Desktop settles conflicting edits.',
    },
  ],
};
