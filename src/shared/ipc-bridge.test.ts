import { describe, expect, it } from 'vitest';
import { API_CHANNELS } from './api-calls';
import { API_EVENT_CHANNELS } from './api-channels';
import { MountbenchError, type SerializedError } from './errors';
import {
  createApiFromBridge,
  createPreloadBridge,
  errorFromData,
  type IpcRendererLike,
  type IpcResult,
} from './ipc-bridge';
import type { JobEvent } from './jobs';

// A stand-in for Electron's ipcRenderer: records what the bridge invokes and answers each call
// with the IpcResult the test chose for that channel.
function recordingIpc(answers: Record<string, IpcResult<unknown>> = {}) {
  const invoked: [string, unknown[]][] = [];
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const ipc: IpcRendererLike = {
    async invoke(channel, ...args) {
      invoked.push([channel, args]);
      return answers[channel] ?? { ok: true, value: `answer of ${channel}` };
    },
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)?.add(listener);
    },
    removeListener(channel, listener) {
      listeners.get(channel)?.delete(listener);
    },
  };
  const push = (channel: string, event: unknown) =>
    listeners.get(channel)?.forEach((l) => l({ sender: 'the ipc event object' }, event));
  const listenerCount = () => [...listeners.values()].reduce((n, set) => n + set.size, 0);
  return { ipc, invoked, push, listenerCount };
}

const BRIDGE_EVENT_CHANNEL = API_EVENT_CHANNELS.jobs;

const started: JobEvent = {
  jobId: 'run-7',
  kind: 'run',
  event: { type: 'backend-started', runId: 'run-7', backendId: 'host' },
};

describe('createPreloadBridge', () => {
  it('has one named function per row of the call table, each invoking its own channel', async () => {
    const { ipc, invoked } = recordingIpc();
    const bridge = createPreloadBridge(ipc);
    const names = Object.entries(bridge).flatMap(([domain, group]) =>
      Object.keys(group).map((action) => `${domain}:${action}`),
    );
    expect(names.filter((n) => !n.endsWith(':onEvent')).sort()).toEqual([...API_CHANNELS].sort());
    for (const channel of API_CHANNELS) {
      const [domain, action] = channel.split(':');
      const fn = (bridge as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>)[
        domain
      ][action];
      expect(await fn('arg')).toEqual({ ok: true, value: `answer of ${channel}` });
    }
    expect(invoked.map(([channel]) => channel)).toEqual([...API_CHANNELS]);
    expect(invoked.every(([, args]) => args.length === 1 && args[0] === 'arg')).toBe(true);
  });

  it('exposes nothing generic that could reach another channel', () => {
    const bridge = createPreloadBridge(recordingIpc().ipc) as unknown as Record<string, unknown>;
    for (const name of ['invoke', 'send', 'on', 'ipcRenderer']) expect(bridge[name]).toBeUndefined();
    expect(Object.keys(bridge).sort()).toEqual([
      'app',
      'engines',
      'jobs',
      'mounts',
      'projects',
      'providers',
      'recommend',
      'results',
      'sweeps',
      'team',
      'workloads',
    ]);
  });

  it('forwards job events without the IPC event object, until unsubscribed', () => {
    const { ipc, push, listenerCount } = recordingIpc();
    const seen: unknown[][] = [];
    const unsubscribe = createPreloadBridge(ipc).jobs.onEvent((...args: unknown[]) => seen.push(args));
    push(BRIDGE_EVENT_CHANNEL, started);
    push('runs:event', started);
    unsubscribe();
    push(BRIDGE_EVENT_CHANNEL, started);
    expect(seen).toEqual([[started]]);
    expect(listenerCount()).toBe(0);
  });

  it('refuses a listener that is not a function', () => {
    const bridge = createPreloadBridge(recordingIpc().ipc);
    expect(() => bridge.jobs.onEvent('alert(1)' as unknown as () => void)).toThrow(TypeError);
  });
});

describe('createApiFromBridge', () => {
  it('resolves with the value of a successful call, passing the arguments through', async () => {
    const { ipc, invoked } = recordingIpc({ 'results:export': { ok: true, value: { fileName: 'a.csv' } } });
    const api = createApiFromBridge(createPreloadBridge(ipc));
    await expect(api.results.export('run-7', 'csv')).resolves.toEqual({ fileName: 'a.csv' });
    await api.recommend.forRuns(['run-7'], 'balanced', true);
    await api.results.import('a.json', '{}');
    expect(invoked).toEqual([
      ['results:export', ['run-7', 'csv']],
      ['recommend:forRuns', [['run-7'], 'balanced', true]],
      ['results:import', ['a.json', '{}']],
    ]);
  });

  it('throws a MountbenchError that keeps the name, message and code the main process sent', async () => {
    const error: SerializedError = {
      name: 'MountbenchError',
      message: 'No engine named "nope"',
      code: 'ENGINE_NOT_FOUND',
    };
    const api = createApiFromBridge(
      createPreloadBridge(recordingIpc({ 'engines:list': { ok: false, error } }).ipc),
    );
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
    const api = createApiFromBridge(
      createPreloadBridge(recordingIpc({ 'jobs:cancel': { ok: false, error } }).ipc),
    );
    await expect(api.jobs.cancel('run-7')).rejects.toMatchObject({ name: 'AbortError', code: 'CANCELLED' });
  });

  it('delivers job events until the signal aborts, then unsubscribes', () => {
    const { ipc, push, listenerCount } = recordingIpc();
    const api = createApiFromBridge(createPreloadBridge(ipc));
    const seen: JobEvent[] = [];
    const controller = new AbortController();
    api.jobs.onEvent((event) => seen.push(event), { signal: controller.signal });
    push(BRIDGE_EVENT_CHANNEL, started);
    controller.abort();
    push(BRIDGE_EVENT_CHANNEL, started);
    expect(seen).toEqual([started]);
    expect(listenerCount()).toBe(0);
  });

  it('never subscribes with a signal that is already aborted', () => {
    const { ipc, listenerCount } = recordingIpc();
    createApiFromBridge(createPreloadBridge(ipc)).jobs.onEvent(() => undefined, {
      signal: AbortSignal.abort(),
    });
    expect(listenerCount()).toBe(0);
  });
});

describe('errorFromData', () => {
  it('maps an unknown code to INTERNAL and keeps the message', () => {
    const error = errorFromData({ name: 'Weird', message: 'x', code: 'NOPE' as SerializedError['code'] });
    expect(error).toMatchObject({ name: 'Weird', message: 'x', code: 'INTERNAL' });
  });
});
