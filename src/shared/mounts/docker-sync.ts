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
  action: ({ app, syncStrategy }) => {
    const strategy = syncStrategy ?? 'native_osx';
    return {
      kind: 'sync',
      summary: `Sync the project into a named volume with docker-sync (${strategy}), and keep it running while you work.`,
      steps: [
        {
          kind: 'file',
          name: 'docker-sync.yml',
          why: 'declares the sync and the volume it fills',
          text: [
            'version: "2"',
            'syncs:',
            '  app-sync:',
            '    src: ./',
            `    sync_strategy: ${strategy}`,
            '',
          ].join('\n'),
        },
        {
          kind: 'file',
          name: 'compose.yaml',
          why: 'the container mounts the synced volume',
          text: [
            'services:',
            '  app:',
            '    volumes:',
            `      - app-sync:${app}:nocopy`,
            'volumes:',
            '  app-sync:',
            '    external: true',
            '',
          ].join('\n'),
        },
        { kind: 'command', command: 'docker-sync start', why: 'before docker compose up' },
        {
          kind: 'command',
          command: 'docker-sync stop',
          why: 'when you are done; docker-sync clean removes the volume',
        },
      ],
      apply: null,
    };
  },
};
