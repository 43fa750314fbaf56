// Polls until a check passes, the timeout passes (MountbenchError ENGINE_UNREACHABLE with the last
// thing the product said) or the signal aborts (CANCELLED). Shared by every provider's waits.
import { setTimeout as sleep } from 'node:timers/promises';
import { MountbenchError } from '../../shared/errors';

export interface PollResult {
  done: boolean;
  /** What the product says now, for progress and for the timeout message. */
  status: string;
  /** Set when waiting longer cannot help (the product reported an error). */
  failed?: string;
}

export async function waitUntil(
  what: string,
  check: () => Promise<PollResult>,
  options: {
    timeoutMs: number;
    intervalMs?: number;
    signal?: AbortSignal;
    onProgress?(message: string): void;
  },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    if (options.signal?.aborted)
      throw new MountbenchError('CANCELLED', `cancelled while waiting for ${what}`);
    const result = await check();
    last = result.status;
    options.onProgress?.(`${what}: ${last}`);
    if (result.failed) throw new MountbenchError('ENGINE_UNREACHABLE', `${what} failed: ${result.failed}`);
    if (result.done) return;
    if (Date.now() >= deadline) {
      throw new MountbenchError(
        'ENGINE_UNREACHABLE',
        `gave up waiting for ${what} after ${Math.round(options.timeoutMs / 1000)} s; last status: ${last}`,
      );
    }
    try {
      await sleep(Math.min(options.intervalMs ?? 1000, Math.max(0, deadline - Date.now())), undefined, {
        signal: options.signal,
      });
    } catch {
      throw new MountbenchError('CANCELLED', `cancelled while waiting for ${what}`);
    }
  }
}
