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
  action: ({ app }) => ({
    kind: 'sync',
    summary: 'Sync the project into a named volume with mutagen, and keep the sync running while you work.',
    steps: [
      {
        kind: 'file',
        name: 'compose.yaml',
        why: 'the container works on the volume; mutagen keeps it in step with the host folder',
        text: ['services:', '  app:', '    volumes:', `      - code:${app}`, 'volumes:', '  code:', ''].join(
          '\n',
        ),
      },
      { kind: 'command', command: 'mutagen daemon start', why: 'the sync runs in mutagen’s daemon' },
      {
        kind: 'command',
        command: `mutagen sync create ./ docker://<container>${app} --name app-code --sync-mode two-way-safe`,
        why: '<container> is the running container’s name (docker compose ps)',
      },
      {
        kind: 'command',
        command: 'mutagen sync flush app-code',
        why: 'waits for a sync cycle: use it before relying on a file just saved',
      },
      { kind: 'command', command: 'mutagen sync terminate app-code', why: 'when you are done' },
    ],
    apply: null,
  }),
};
