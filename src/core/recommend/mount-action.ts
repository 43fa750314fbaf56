// Mounts are chosen per project, in compose, not in a product's settings: the action is a snippet.
import { MountbenchError } from '../../shared/errors';
import type { SetupAction } from '../../shared/recommendation';
import type { ActionOptions } from '../vocab/action-options';
import type { SetupKind } from '../vocab/setup-kind';

export function containerPathOf(options: ActionOptions): string {
  const path = options.containerPath ?? '/app';
  if (!/^\/[A-Za-z0-9._/-]*$/.test(path) || path.split('/').includes('..')) {
    throw new MountbenchError(
      'BAD_INPUT',
      `container path "${path}" must be an absolute path of plain names`,
    );
  }
  return path.replace(/\/+$/, '') || '/';
}

function join(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

/** volume, tmpfs and layer; null for the other mounts. */
export function mountAction(setup: SetupKind, options: ActionOptions): SetupAction | null {
  const app = containerPathOf(options);
  switch (setup.mount) {
    case 'volume':
      return {
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
      };
    case 'tmpfs':
      return {
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
      };
    case 'nfs-volume':
      return {
        kind: 'compose',
        summary: 'Mount the project through a named volume that the engine mounts over NFS from your Mac.',
        steps: [
          {
            kind: 'file',
            name: 'compose.yaml',
            why: 'the local driver mounts the folder your Mac exports (it must be in /etc/exports); nfsvers=3 is what Apple’s nfsd serves',
            text: [
              'services:',
              '  app:',
              '    volumes:',
              `      - src:${app}`,
              'volumes:',
              '  src:',
              '    driver: local',
              '    driver_opts:',
              '      type: nfs',
              '      o: addr=host.docker.internal,rw,hard,nfsvers=3,nolock',
              '      device: ":${PWD}"',
              '',
            ].join('\n'),
          },
          {
            kind: 'note',
            text: 'The volume keeps its options: after changing them, `docker compose down -v` removes it (your files stay on the Mac).',
          },
        ],
        apply: null,
      };
    case 'layer':
      return {
        kind: 'compose',
        summary: 'Bake the files into the image instead of mounting them.',
        steps: [
          {
            kind: 'file',
            name: 'Dockerfile',
            why: 'the files live in the image; edits on the host need a rebuild',
            text: `COPY . ${app}\n`,
          },
          { kind: 'note', text: 'Do not mount the folder in compose, or the mount hides the copied files.' },
        ],
        apply: null,
      };
    default:
      return null;
  }
}

/** The bind line with its osxfs flag, for the setups where the flag means something. */
export function bindFlagSnippet(setup: SetupKind, options: ActionOptions): string | null {
  if (setup.mount !== 'bind' || setup.bindFlag === null || setup.sharing !== 'osxfs') return null;
  return [
    'services:',
    '  app:',
    '    volumes:',
    `      - ./:${containerPathOf(options)}:${setup.bindFlag}`,
    '',
  ].join('\n');
}
