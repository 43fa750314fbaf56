import { describe, expect, it } from 'vitest';
import type { MountbenchApi } from '../shared/api';
import { CHANNELS } from '../shared/api';
import type { DiscoveredEngine } from '../shared/engine';
import { MountbenchError } from '../shared/errors';
import type { RunRequest } from '../shared/run-plan';
import { createIpcHandlers } from './ipc-handlers';

// A hand-written core that records what reached it: the point is to prove what the IPC layer lets
// through and how it reports failures, not to exercise the core.
function recordingApi() {
  const calls: { started: RunRequest[]; cancelled: string[] } = { started: [], cancelled: [] };
  const engine: DiscoveredEngine = {
    name: 'default',
    endpoint: 'unix:///var/run/docker.sock',
    source: 'socket',
    provider: 'docker-engine',
    current: true,
    reachable: true,
  };
  const api: MountbenchApi = {
    engines: { list: async () => [engine] },
    runs: {
      start: async (request) => {
        calls.started.push(request);
        return { runId: 'run-1' };
      },
      cancel: async (runId) => {
        if (runId === 'unknown-run') throw new MountbenchError('BAD_INPUT', `No run with id ${runId}`);
        calls.cancelled.push(runId);
      },
      onEvent: () => undefined,
    },
    results: {
      list: async () => {
        throw new Error('disk on fire');
      },
    },
  };
  return { api, calls, engine };
}

const request: RunRequest = {
  mounts: ['volume'],
  workloads: ['small-file-read'],
  size: 'quick',
  runs: 2,
  warmup: 0,
};

describe('createIpcHandlers', () => {
  it('has a handler for every channel the renderer can invoke', () => {
    const handlers = createIpcHandlers(recordingApi().api);
    const invokable = Object.values(CHANNELS).filter((c) => c !== CHANNELS.runsEvent);
    expect(Object.keys(handlers).sort()).toEqual([...invokable].sort());
  });

  it('returns values as { ok: true, value }', async () => {
    const { api, engine } = recordingApi();
    const handlers = createIpcHandlers(api);
    expect(await handlers[CHANNELS.enginesList]([])).toEqual({ ok: true, value: [engine] });
    expect(await handlers[CHANNELS.runsStart]([request])).toEqual({ ok: true, value: { runId: 'run-1' } });
  });

  it('validates before calling the core, and reports BAD_INPUT as data', async () => {
    const { api, calls } = recordingApi();
    const handlers = createIpcHandlers(api);
    const result = await handlers[CHANNELS.runsStart]([{ ...request, mounts: ['nfs'] }]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('BAD_INPUT');
      expect(result.error.name).toBe('MountbenchError');
      expect(result.error.message).toMatch(/mounts/);
    }
    const cancel = await handlers[CHANNELS.runsCancel](['../../etc']);
    expect(cancel.ok).toBe(false);
    expect(calls.started).toEqual([]);
    expect(calls.cancelled).toEqual([]);
  });

  it('refuses extra arguments', async () => {
    const { api } = recordingApi();
    const handlers = createIpcHandlers(api);
    const result = await handlers[CHANNELS.enginesList](['surprise']);
    expect(result).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(await handlers[CHANNELS.runsCancel](['run-1', 'extra'])).toMatchObject({ ok: false });
  });

  it('keeps the core error code, and maps a plain Error to INTERNAL with its message', async () => {
    const { api, calls } = recordingApi();
    const handlers = createIpcHandlers(api);
    expect(await handlers[CHANNELS.runsCancel](['unknown-run'])).toEqual({
      ok: false,
      error: { name: 'MountbenchError', message: 'No run with id unknown-run', code: 'BAD_INPUT' },
    });
    expect(await handlers[CHANNELS.runsCancel](['run-1'])).toEqual({ ok: true, value: undefined });
    expect(calls.cancelled).toEqual(['run-1']);
    expect(await handlers[CHANNELS.resultsList]([])).toEqual({
      ok: false,
      error: { name: 'Error', message: 'disk on fire', code: 'INTERNAL' },
    });
  });
});
