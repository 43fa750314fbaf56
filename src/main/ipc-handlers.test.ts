import { describe, expect, it } from 'vitest';
import type { MountbenchApi } from '../shared/api';
import { API_CHANNELS, JOB_EVENT_CHANNEL } from '../shared/api-calls';
import type { JobEvent } from '../shared/jobs';
import { createIpcHandlers, registerIpc, type IpcMainLike } from './ipc-handlers';
import type { SenderEvent } from './trusted-sender';

const APP_URL = 'file:///app/out/renderer/index.html';

// A core whose engines.list answers and whose job events the test emits by hand.
function fakeApi() {
  const listeners = new Set<(event: JobEvent) => void>();
  const notUsed = async (): Promise<never> => {
    throw new Error('not used in this test');
  };
  const api: MountbenchApi = {
    app: { info: notUsed },
    engines: { list: async () => [], fsSeen: notUsed },
    workloads: { list: notUsed },
    mounts: { list: notUsed },
    projects: { inspect: notUsed, pick: notUsed, recent: notUsed },
    jobs: {
      start: notUsed,
      cancel: notUsed,
      active: async () => [{ jobId: 'run-1', kind: 'run', label: 'a run' }],
      onEvent(listener, { signal }) {
        listeners.add(listener);
        signal.addEventListener('abort', () => listeners.delete(listener));
      },
    },
    providers: { list: notUsed, planApply: notUsed },
    sweeps: { propose: notUsed },
    results: {
      list: notUsed,
      get: notUsed,
      delete: notUsed,
      import: notUsed,
      importHyperfine: notUsed,
      export: notUsed,
      published: notUsed,
      rows: notUsed,
      machineRatios: notUsed,
    },
    recommend: { forRuns: notUsed },
    team: { publishPreview: notUsed, publish: notUsed, pull: notUsed, view: notUsed },
  };
  return { api, emit: (event: JobEvent) => listeners.forEach((l) => l(event)), listeners };
}

function fakeIpcMain() {
  const handlers = new Map<string, (event: SenderEvent, ...args: unknown[]) => Promise<unknown>>();
  const ipcMain: IpcMainLike = {
    handle(channel, listener) {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => handlers.delete(channel),
  };
  return { ipcMain, handlers };
}

function setup() {
  const core = fakeApi();
  const { ipcMain, handlers } = fakeIpcMain();
  const sent: [string, JobEvent][] = [];
  const webContents = {
    send: (channel: string, event: JobEvent) => sent.push([channel, event]),
    isDestroyed: () => false,
  };
  const refused: string[] = [];
  const unbind = registerIpc({
    ipcMain,
    api: core.api,
    webContents,
    isAppUrl: (url) => url === APP_URL,
    onRefused: (channel, url) => refused.push(`${channel} ${url}`),
  });
  const fromApp: SenderEvent = { sender: webContents, senderFrame: { url: APP_URL, parent: null } };
  return { ...core, handlers, sent, refused, unbind, webContents, fromApp };
}

const planned: JobEvent = {
  jobId: 'run-1',
  kind: 'run',
  event: { type: 'planned', runId: 'run-1', backends: [], workloads: [], totalExecutions: 3 },
};

describe('createIpcHandlers', () => {
  it('has a handler for every row of the call table', () => {
    expect(Object.keys(createIpcHandlers(fakeApi().api)).sort()).toEqual([...API_CHANNELS].sort());
  });
});

describe('registerIpc', () => {
  it('registers one handler per channel and answers our window with IpcResult data', async () => {
    const { handlers, fromApp } = setup();
    expect([...handlers.keys()].sort()).toEqual([...API_CHANNELS].sort());
    expect(await handlers.get('jobs:active')?.(fromApp)).toEqual({
      ok: true,
      value: [{ jobId: 'run-1', kind: 'run', label: 'a run' }],
    });
    expect(await handlers.get('results:get')?.(fromApp, 7)).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT' },
    });
  });

  it('refuses another webContents, a subframe and a foreign page, and says so', async () => {
    const { handlers, webContents, refused } = setup();
    const list = handlers.get('engines:list');
    const others: SenderEvent[] = [
      { sender: {}, senderFrame: { url: APP_URL, parent: null } },
      { sender: webContents, senderFrame: { url: APP_URL, parent: {} } },
      { sender: webContents, senderFrame: { url: 'https://evil.example/', parent: null } },
      { sender: webContents, senderFrame: null },
    ];
    for (const event of others) {
      expect(await list?.(event)).toMatchObject({ ok: false, error: { message: /not the app/ } });
    }
    expect(refused).toEqual([
      `engines:list ${APP_URL}`,
      `engines:list ${APP_URL}`,
      'engines:list https://evil.example/',
      'engines:list null',
    ]);
  });

  it('pushes job events to the window on the one job event channel', () => {
    const { emit, sent } = setup();
    emit(planned);
    expect(sent).toEqual([[JOB_EVENT_CHANNEL, planned]]);
  });

  it('unbinding removes every handler and the event subscription', () => {
    const { handlers, listeners, unbind, emit, sent } = setup();
    unbind();
    unbind();
    expect(handlers.size).toBe(0);
    expect(listeners.size).toBe(0);
    emit(planned);
    expect(sent).toEqual([]);
  });

  it('sends nothing to a destroyed window', () => {
    const { emit, sent, webContents } = setup();
    webContents.isDestroyed = () => true;
    emit(planned);
    expect(sent).toEqual([]);
  });
});
