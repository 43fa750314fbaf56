import { syncLagWords, type MountFacts } from './mount-facts';

export const COMPOSE_WATCH: MountFacts = {
  label: 'Compose Watch (sync)',
  detail:
    "a copy that `docker compose watch` (sync action) makes in the container's folder: one way, host to container",
  role: 'source-tree',
  // A compose file and a running `docker compose watch`, and edits in the container stay there.
  setupCost: 3,
  needs: 'sync-tool',
  filesOnTheHost: false,

  tradeOffs: (context) => {
    const lag = syncLagWords(context);
    return [
      {
        id: 'one-way-copy',
        severity: 'warning',
        text:
          'Compose Watch copies one way only, host to container: what the container writes (generated files, ' +
          'lock files, build output) never comes back to the host, and a host edit overwrites the container’s copy.',
      },
      {
        id: 'needs-running-sync',
        severity: 'warning',
        text:
          '`docker compose watch` must be running: files edited while it is stopped reach the container only at its ' +
          'next start with `initial_sync: true` (Compose 2.39.4 or later) or a rebuild.',
      },
      {
        id: 'sync-lag',
        severity: 'caution',
        text: `Compose batches file events until 500 ms pass without one, then copies them with a tar stream. ${lag}`,
      },
      {
        id: 'two-copies',
        severity: 'info',
        text: 'The files exist twice (host and container): a deleted host file is deleted in the container, other container edits are lost on the next copy.',
      },
    ];
  },
  action: ({ app }) => ({
    kind: 'sync',
    summary:
      'Copy the project into the container with Compose Watch’s sync action, and keep `docker compose watch` running while you work.',
    steps: [
      {
        kind: 'file',
        name: 'compose.yaml',
        why: 'the sync action copies host edits into the container (one way); watch needs Compose 2.22 or later, initial_sync 2.39.4 or later (drop that line before)',
        text: [
          'services:',
          '  app:',
          '    develop:',
          '      watch:',
          '        - action: sync',
          '          path: ./',
          `          target: ${app}`,
          '          initial_sync: true',
          '          ignore:',
          '            - node_modules/',
          '',
        ].join('\n'),
      },
      {
        kind: 'command',
        command: 'docker compose watch',
        why: 'builds and starts the services, then copies every batch of host edits into the container',
      },
    ],
    apply: null,
  }),
};
