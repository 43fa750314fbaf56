// Mounts are chosen per project, in compose, not in a product's settings: the action is a snippet.
import { MountbenchError } from '../../shared/errors';
import { MOUNT_FACTS } from '../../shared/mounts';
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

/**
 * How to set up a mount whose facts (shared/mounts/) have an action: a compose snippet, and a sync
 * tool's commands; null for the bind mount (the file-sharing setting's action) and the host.
 */
export function mountAction(setup: SetupKind, options: ActionOptions): SetupAction | null {
  return (
    MOUNT_FACTS[setup.mount].action?.({ app: containerPathOf(options), syncStrategy: setup.syncStrategy }) ??
    null
  );
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
