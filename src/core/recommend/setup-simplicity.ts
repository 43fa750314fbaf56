// When backends are within the noise of each other, the one that asks least of the user wins:
// a bind mount over a named volume over a sync tool (each step adds something to run or lose), and
// the settings the user already has over a change (a change restarts the engine).
import type { ProviderId } from '../../shared/ids';
import { MOUNT_FACTS } from '../../shared/mounts';
import type { SetupAction } from '../../shared/recommendation';
import type { SetupKind } from '../vocab/setup-kind';

/** The file-sharing setting in use now, e.g. `{ provider: 'docker-desktop', variant: 'virtiofs' }`. */
export interface CurrentSetting {
  provider: ProviderId;
  variant: string;
}

function normal(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function isCurrentSetting(setup: SetupKind, current: readonly CurrentSetting[]): boolean {
  return current.some(
    (c) =>
      c.provider === setup.provider &&
      (setup.variant === c.variant ||
        (setup.backend.fileSharing !== null && normal(setup.backend.fileSharing) === normal(c.variant))),
  );
}

/** Lower is simpler: [mount cost, needs a change]. */
export function simplicity(
  setup: SetupKind,
  action: SetupAction,
  current: readonly CurrentSetting[],
): [number, number] {
  const unchanged = action.kind === 'none' || isCurrentSetting(setup, current);
  return [MOUNT_FACTS[setup.mount].setupCost, unchanged ? 0 : 1];
}

export function compareSimplicity(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}
