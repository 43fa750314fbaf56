// What Setup and Results both need to start a run: the run's and the sweep's phases (one job at a
// time, so either being busy refuses a start) and the start itself, which then shows the run's
// progress as any run does.
import type { RunRequest } from '../../../shared/run-plan';
import type { Stores } from './create-stores';
import { useSlice } from './StoresContext';

export function useJobPhases() {
  const runPhase = useSlice(
    (s) => s.run,
    (s) => s.phase,
  );
  const sweepPhase = useSlice(
    (s) => s.sweep,
    (s) => s.phase,
  );
  return { runPhase, sweepPhase };
}

/** Starts a run and, once it is started, shows the Run view. */
export async function startRunAndShow(stores: Stores, request: RunRequest): Promise<void> {
  if (await stores.run.getState().start(request)) {
    stores.sweep.getState().clear();
    stores.nav.getState().show('run');
  }
}
