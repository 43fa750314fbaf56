import { describe, expect, it } from 'vitest';
import { MountbenchError, type SerializedError } from './errors';
import { createApiFromBridge, errorFromData, type IpcResult, type MountbenchBridge } from './ipc-bridge';
import type { RunEvent } from './run-events';

// An in-memory bridge standing in for the preload: it answers with the data the main process
// would send, and lets the test push run events as the main process would.
function memoryBridge(answers: { engines?: IpcResult<never[]>; cancel?: IpcResult<void> } = {}) {
  const listeners = new Set<(event: RunEvent) => void>();
  const bridge: MountbenchBridge = {
    engines: { list: async () => answers.engines ?? { ok: true, value: [] } },
    runs: {
      start: async () => ({ ok: true, value: { runId: 'run-7' } }),
      cancel: async () => answers.cancel ?? { ok: true, value: undefined },
      onEvent(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    results: { list: async () => ({ ok: true, value: [] }) },
  };
  const emit = (event: RunEvent) => listeners.forEach((l) => l(event));
  return { bridge, emit, listeners };
}

const started: RunEvent = { type: 'backend-started', runId: 'run-7', backendId: 'host' };

describe('createApiFromBridge', () => {
  it('resolves with the value of a successful call', async () => {
    const api = createApiFromBridge(memoryBridge().bridge);
    await expect(
      api.runs.start({ mounts: ['host'], workloads: ['dd-write'], size: 'quick', runs: 1, warmup: 0 }),
    ).resolves.toEqual({ runId: 'run-7' });
    await expect(api.engines.list()).resolves.toEqual([]);
  });

  it('throws a MountbenchError that keeps the name, message and code the main process sent', async () => {
    const error: SerializedError = {
      name: 'MountbenchError',
      message: 'No engine named "nope"',
      code: 'ENGINE_NOT_FOUND',
    };
    const api = createApiFromBridge(memoryBridge({ engines: { ok: false, error } }).bridge);
    const thrown = await api.engines.list().then(
      () => null,
      (err: unknown) => err,
    );
    expect(thrown).toBeInstanceOf(MountbenchError);
    expect(thrown).toMatchObject(error);
  });

  it('keeps an AbortError name, so the page can tell a cancel from a failure', async () => {
    const error: SerializedError = {
      name: 'AbortError',
      message: 'The run was cancelled',
      code: 'CANCELLED',
    };
    const api = createApiFromBridge(memoryBridge({ cancel: { ok: false, error } }).bridge);
    await expect(api.runs.cancel('run-7')).rejects.toMatchObject({ name: 'AbortError', code: 'CANCELLED' });
  });

  it('delivers run events until the signal aborts, then unsubscribes', () => {
    const { bridge, emit, listeners } = memoryBridge();
    const api = createApiFromBridge(bridge);
    const seen: RunEvent[] = [];
    const controller = new AbortController();
    api.runs.onEvent((event) => seen.push(event), { signal: controller.signal });
    emit(started);
    controller.abort();
    emit(started);
    expect(seen).toEqual([started]);
    expect(listeners.size).toBe(0);
  });

  it('never subscribes with a signal that is already aborted', () => {
    const { bridge, listeners } = memoryBridge();
    createApiFromBridge(bridge).runs.onEvent(() => undefined, { signal: AbortSignal.abort() });
    expect(listeners.size).toBe(0);
  });
});

describe('errorFromData', () => {
  it('maps a code it does not know to INTERNAL instead of trusting it', () => {
    const err = errorFromData({
      name: 'Error',
      message: 'odd',
      code: 'NOT_A_CODE' as SerializedError['code'],
    });
    expect(err.code).toBe('INTERNAL');
    expect(err.message).toBe('odd');
  });
});
