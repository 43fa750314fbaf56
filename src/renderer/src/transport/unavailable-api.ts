// The api of a page that has no way to the core (opened as a plain file, or from the dev server
// in a browser): every call fails with a message that says what to do instead.
import type { MountbenchApi } from '../../../shared/api';
import { MountbenchError } from '../../../shared/errors';

const MESSAGE =
  'No connection to the Mountbench core: open this dashboard in the Mountbench app, or through the ' +
  'address `mountbench serve` prints.';

async function unavailable(): Promise<never> {
  throw new MountbenchError('INTERNAL', MESSAGE);
}

export function createUnavailableApi(): MountbenchApi {
  return {
    app: { info: unavailable },
    engines: { list: unavailable, fsSeen: unavailable },
    workloads: { list: unavailable },
    mounts: { list: unavailable },
    projects: { inspect: unavailable, pick: unavailable, recent: unavailable },
    runs: { start: unavailable, cancel: unavailable, active: unavailable, onEvent: () => undefined },
    providers: { list: unavailable, planApply: unavailable },
    applies: { start: unavailable, cancel: unavailable, active: unavailable, onEvent: () => undefined },
    sweeps: {
      propose: unavailable,
      start: unavailable,
      cancel: unavailable,
      active: unavailable,
      onEvent: () => undefined,
    },
    results: {
      list: unavailable,
      get: unavailable,
      delete: unavailable,
      import: unavailable,
      importHyperfine: unavailable,
      export: unavailable,
      published: unavailable,
      rows: unavailable,
      machineRatios: unavailable,
    },
    recommend: { forRuns: unavailable },
  };
}
