// The desktop app's IPC transport of MountbenchApi, in two halves.
//
// Electron's contextBridge copies values between the preload's world and the page's: an Error
// loses its `name` and `code` on the way, and an AbortSignal arrives as an empty object. So the
// preload exposes a bridge of plain data and functions only (MountbenchBridge), and the page
// rebuilds the real MountbenchApi from it with createApiFromBridge, on its own side.
import type { MountbenchApi } from './api';
import type { DiscoveredEngine } from './engine';
import { ERROR_CODES, MountbenchError, type ErrorCode, type SerializedError } from './errors';
import type { RunFile } from './result-schema';
import type { RunEvent } from './run-events';
import type { RunRequest } from './run-plan';

/** What every IPC call returns: errors travel as data, never as a thrown Error. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

/** `window.mountbench` in the Electron renderer: one function per action, nothing generic. */
export interface MountbenchBridge {
  engines: { list(): Promise<IpcResult<DiscoveredEngine[]>> };
  runs: {
    start(request: RunRequest): Promise<IpcResult<{ runId: string }>>;
    cancel(runId: string): Promise<IpcResult<void>>;
    /** Returns the function that unsubscribes. */
    onEvent(listener: (event: RunEvent) => void): () => void;
  };
  results: { list(): Promise<IpcResult<RunFile[]>> };
}

/** Turns error data back into a thrown MountbenchError that keeps the original name and code. */
export function errorFromData(data: SerializedError): MountbenchError {
  const code: ErrorCode = (ERROR_CODES as readonly string[]).includes(data.code) ? data.code : 'INTERNAL';
  const error = new MountbenchError(code, data.message);
  error.name = data.name;
  return error;
}

async function unwrap<T>(pending: Promise<IpcResult<T>>): Promise<T> {
  const result = await pending;
  if (result.ok) return result.value;
  throw errorFromData(result.error);
}

export function createApiFromBridge(bridge: MountbenchBridge): MountbenchApi {
  return {
    engines: { list: () => unwrap(bridge.engines.list()) },
    runs: {
      start: (request) => unwrap(bridge.runs.start(request)),
      cancel: (runId) => unwrap(bridge.runs.cancel(runId)),
      onEvent(listener, { signal }) {
        if (signal.aborted) return;
        const unsubscribe = bridge.runs.onEvent(listener);
        signal.addEventListener('abort', () => unsubscribe(), { once: true });
      },
    },
    results: { list: () => unwrap(bridge.results.list()) },
  };
}
