import type { MountFacts } from './mount-facts';
import { join } from './container-path';

export const VOLUME: MountFacts = {
  label: 'named volume',
  detail: "a named volume inside the engine's VM: fast, but its files are not on this machine",
  role: 'container-data',
  setupCost: 1,
  needs: null,
  filesOnTheHost: false,
  tradeOffs: () => [
    {
      id: 'volume-not-on-host',
      severity: 'warning',
      text:
        'Files in a named volume are not visible on the host: your editor and host tools cannot see them. ' +
        'Use it for dependencies (node_modules, vendor), build caches and databases, and keep the source on a bind mount.',
    },
  ],
  action: ({ app }) => ({
    kind: 'compose',
    summary: 'Put the heavy folders (dependencies, caches, database files) in a named volume.',
    steps: [
      {
        kind: 'file',
        name: 'compose.yaml',
        why: 'the source stays a bind mount you can edit; the named volume holds what only the container needs',
        text: [
          'services:',
          '  app:',
          '    volumes:',
          `      - ./:${app}`,
          `      - deps:${join(app, 'node_modules')}   # or vendor/, a cache, a database folder`,
          'volumes:',
          '  deps:',
          '',
        ].join('\n'),
      },
      { kind: 'note', text: 'docker compose down -v deletes the volume and its files.' },
    ],
    apply: null,
  }),
};
