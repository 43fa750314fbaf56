// mutagen and docker-sync copy the files into a named volume and keep them in step: the action is
// the volume in compose plus the commands that run the sync (taken from each tool's documented CLI).
import type { SetupAction } from '../../shared/recommendation';
import type { ActionOptions } from '../vocab/action-options';
import { containerPathOf } from './mount-action';
import type { SetupKind } from '../vocab/setup-kind';

export function syncToolAction(setup: SetupKind, options: ActionOptions): SetupAction | null {
  const app = containerPathOf(options);
  if (setup.mount === 'mutagen') {
    return {
      kind: 'sync',
      summary: 'Sync the project into a named volume with mutagen, and keep the sync running while you work.',
      steps: [
        {
          kind: 'file',
          name: 'compose.yaml',
          why: 'the container works on the volume; mutagen keeps it in step with the host folder',
          text: [
            'services:',
            '  app:',
            '    volumes:',
            `      - code:${app}`,
            'volumes:',
            '  code:',
            '',
          ].join('\n'),
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
    };
  }
  if (setup.mount === 'docker-sync') {
    const strategy = setup.syncStrategy ?? 'native_osx';
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
  }
  if (setup.mount === 'compose-watch') {
    return {
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
    };
  }
  return null;
}
