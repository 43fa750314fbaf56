import type { MountFacts } from './mount-facts';

export const NFS_VOLUME: MountFacts = {
  label: 'NFS volume',
  detail: "a named volume that mounts a folder this machine exports over NFS: needs the host's NFS server",
  // It serves a host folder: the editor and the container both see its files.
  role: 'source-tree',
  // An NFS server on the host to set up with admin rights (/etc/exports, nfsd), and a volume per project.
  setupCost: 3,
  needs: 'nfs-export',
  filesOnTheHost: true,
  tradeOffs: () => [
    {
      id: 'nfs-attribute-cache',
      severity: 'caution',
      text:
        'NFS clients cache file attributes (3 to 60 s by default; acregmin, acdirmin…) and check a file only when it is ' +
        'opened (close-to-open): a host edit to a file the container keeps open, or a new file in a folder it just listed, ' +
        'can be seen late. Mount with `actimeo=0` or `noac` to see edits sooner, at the cost of more round trips.',
    },
    {
      id: 'no-file-events',
      severity: 'warning',
      text:
        'No inotify events cross NFS: a watcher in the container (hot reload, `webpack --watch`, nodemon) does not ' +
        'see host edits; it must poll.',
    },
    {
      id: 'nfs-server-setup',
      severity: 'info',
      text:
        'The host must run an NFS server exporting the folder (on a Mac: a line in /etc/exports, ' +
        '`nfs.server.mount.require_resv_port = 0` in /etc/nfs.conf, `sudo nfsd restart`): admin rights, and a system setting ' +
        'to keep in step with your projects.',
    },
  ],
  action: ({ app }) => ({
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
  }),
};
