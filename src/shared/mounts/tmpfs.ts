import type { MountFacts } from './mount-facts';
import { join } from './container-path';

export const TMPFS: MountFacts = {
  label: 'tmpfs',
  detail: 'memory inside the container: the ceiling, nothing kept',
  role: 'container-data',
  setupCost: 2,
  needs: null,
  filesOnTheHost: false,
  tradeOffs: () => [
    {
      id: 'tmpfs-lost-on-stop',
      severity: 'warning',
      text: 'A tmpfs mount lives in memory: its files are lost when the container stops, and they use the VM’s memory.',
    },
  ],
  action: ({ app }) => ({
    kind: 'compose',
    summary: 'Mount scratch folders (tmp, test caches) as tmpfs.',
    steps: [
      {
        kind: 'file',
        name: 'compose.yaml',
        why: 'only for files you can lose: they vanish when the container stops',
        text: ['services:', '  app:', '    tmpfs:', `      - ${join(app, 'tmp')}`, ''].join('\n'),
      },
    ],
    apply: null,
  }),
};
