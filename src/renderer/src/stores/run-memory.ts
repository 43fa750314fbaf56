// What a reloaded dashboard needs to pick a run up again and cannot get from the core: the request
// (for "running k/n") and the `planned` event (labels and total), kept per tab in sessionStorage.
import type { RunEvent } from '../../../shared/run-events';
import type { RunRequest } from '../../../shared/run-plan';

type Planned = Extract<RunEvent, { type: 'planned' }>;

export interface RememberedRun {
  runId: string;
  request: RunRequest | null;
  planned: Planned | null;
}

export interface RunMemory {
  load(runId: string): RememberedRun | null;
  save(run: RememberedRun): void;
  forget(): void;
}

const KEY = 'mountbench.activeRun';

export function sessionRunMemory(storage: Storage | null = globalThis.sessionStorage ?? null): RunMemory {
  return {
    load(runId) {
      try {
        const raw = storage?.getItem(KEY);
        const parsed = raw ? (JSON.parse(raw) as RememberedRun) : null;
        return parsed?.runId === runId ? parsed : null;
      } catch {
        // A corrupt entry only costs the labels until the next event: not worth an error.
        return null;
      }
    },
    save(run) {
      try {
        storage?.setItem(KEY, JSON.stringify(run));
      } catch {
        // Storage full or disabled: reconnecting still works, with less detail.
      }
    },
    forget() {
      storage?.removeItem(KEY);
    },
  };
}
