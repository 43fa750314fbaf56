import type { MountFacts } from './mount-facts';

export const LAYER: MountFacts = {
  label: 'container layer',
  detail: "the container's own filesystem (overlay)",
  role: 'container-data',
  setupCost: 2,
  needs: null,
  filesOnTheHost: false,
  tradeOffs: () => [
    {
      id: 'layer-lost-with-container',
      severity: 'warning',
      text:
        'Files written to the container’s own filesystem are lost when the container is removed and are not visible ' +
        'on the host: only for files baked into the image or scratch data.',
    },
  ],
  action: ({ app }) => ({
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
  }),
};
