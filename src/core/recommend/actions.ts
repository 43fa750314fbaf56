// What the user must do to get a backend, as data: settings to set, commands to run, files to add.
// Keyed by provider, file sharing and mount; anything unknown falls back to a manual step that says
// what to look for rather than guessing.
import type { SetupAction } from '../../shared/recommendation';
import type { ActionOptions } from '../vocab/action-options';
import { factsFor } from '../products/catalog';
import { bindFlagSnippet, mountAction } from './mount-action';
import type { SetupKind } from '../vocab/setup-kind';

function bindAction(setup: SetupKind, options: ActionOptions): SetupAction {
  // The product's own advice (providers/<id>/module.ts); a backend of no known product gets a
  // manual step that says what to look for.
  const advice = factsFor(setup.provider)?.advice;
  if (advice) return advice.action(setup, options);
  return {
    kind: 'manual',
    summary: `Use ${setup.backend.label}: Mountbench cannot apply this setting for you.`,
    steps: setup.backend.fileSharing
      ? [
          {
            kind: 'note',
            text: `Look for the file-sharing setting "${setup.backend.fileSharing}" in the product.`,
          },
        ]
      : [],
    apply: null,
  };
}

export function actionFor(setup: SetupKind, options: ActionOptions = {}): SetupAction {
  if (setup.mount === 'host') {
    return {
      kind: 'none',
      summary: 'Nothing to apply: the host baseline is not a Docker setup.',
      steps: [],
      apply: null,
    };
  }
  const forMount = mountAction(setup, options);
  if (forMount) return forMount;
  const action = bindAction(setup, options);
  const snippet = bindFlagSnippet(setup, options);
  if (!snippet) return action;
  return {
    ...action,
    steps: [
      ...action.steps,
      {
        kind: 'file',
        name: 'compose.yaml',
        why: `:${setup.bindFlag} on the bind mount (it only matters on osxfs)`,
        text: snippet,
      },
    ],
  };
}
