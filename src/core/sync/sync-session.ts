// What the runner needs from a sync tool once the bench container and its volume exist: wait until
// host folder and container agree (timed), and end the sync leaving nothing behind.
import type { SyncMountKind } from '../../shared/ids';

export interface SyncSession {
  readonly tool: SyncMountKind;
  /** Waits until the tool has carried every change across, both ways; resolves to the seconds taken. */
  flush(signal: AbortSignal): Promise<number>;
  /** Ends the sync and removes what the tool made for it. Never cancelled; safe to call twice. */
  terminate(): Promise<void>;
  /** The host process that carries the sync, where the session started it itself (Compose's watch). */
  readonly hostPid?: number;
}

/** How long one flush may take before the run calls the sync broken. */
export const FLUSH_TIMEOUT_MS = 10 * 60_000;
/** Create, list and terminate answer quickly on a working tool. */
export const COMMAND_TIMEOUT_MS = 60_000;

/** Seconds of a flush, timed by this process's monotonic clock. */
export async function timed(flush: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await flush();
  return (performance.now() - began) / 1000;
}
