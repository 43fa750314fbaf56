// The desktop app's IPC transport of MountbenchApi, in two halves.
//
// Electron's contextBridge copies values between the preload's world and the page's: an Error
// loses its `name` and `code` on the way, and an AbortSignal arrives as an empty object. So the
// preload exposes a bridge of plain data and functions only (MountbenchBridge), and the page
// rebuilds the real MountbenchApi from it with createApiFromBridge, on its own side.
//
// Only types come from api-calls.ts: the preload bundles this file, and it must not drag zod and
// the schemas into the sandboxed preload (the main process validates everything anyway).
import type { MountbenchApi } from './api';
import type {
  ApiChannel,
  ApiMethod,
  APPLY_EVENT_CHANNEL,
  RUN_EVENT_CHANNEL,
  SWEEP_EVENT_CHANNEL,
} from './api-calls';
import { readRemedy } from './remedy-words';
import { ERROR_CODES, MountbenchError, type ErrorCode, type SerializedError } from './errors';
import type { RunEvent } from './run-events';
import type { ApplyEvent, SweepEvent } from './sweep';

/** What every IPC call returns: errors travel as data, never as a thrown Error. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type ActionOf<C extends string, D extends string> = C extends `${D}:${infer A}` ? A : never;

/** A call of the API as the bridge carries it: same arguments, the outcome as data. */
export type BridgedCall<C extends ApiChannel> =
  ApiMethod<C> extends (...args: infer A) => Promise<infer R> ? (...args: A) => Promise<IpcResult<R>> : never;

/** The arguments of a channel's call, for code that sends them by channel name. */
export type CallArgs<C extends ApiChannel> = ApiMethod<C> extends (...args: infer A) => unknown ? A : never;

/** What a channel's call resolves to. */
export type CallValue<C extends ApiChannel> =
  ApiMethod<C> extends (...args: never[]) => Promise<infer R> ? R : never;

/**
 * `window.mountbench` in the Electron renderer: one function per row of the call table, grouped by
 * domain (`bridge.results.export(runId, format)`), plus the run event subscription. Derived from
 * API_CALLS, so a new call cannot be forgotten here.
 */
export type MountbenchBridge = {
  [D in DomainOf<ApiChannel>]: {
    [A in ActionOf<ApiChannel, D>]: BridgedCall<`${D}:${A}` & ApiChannel>;
  };
} & {
  runs: {
    /** Returns the function that unsubscribes (an AbortSignal does not survive contextBridge). */
    onEvent(listener: (event: RunEvent) => void): () => void;
  };
  sweeps: {
    /** Sweep progress; returns the function that unsubscribes. */
    onEvent(listener: (event: SweepEvent) => void): () => void;
  };
  applies: {
    /** Apply progress; returns the function that unsubscribes. */
    onEvent(listener: (event: ApplyEvent) => void): () => void;
  };
};

/** `runs:event`, repeated here (checked against api-calls.ts by its type) to keep zod out of the preload. */
export const BRIDGE_EVENT_CHANNEL: typeof RUN_EVENT_CHANNEL = 'runs:event';
export const BRIDGE_SWEEP_EVENT_CHANNEL: typeof SWEEP_EVENT_CHANNEL = 'sweeps:event';
export const BRIDGE_APPLY_EVENT_CHANNEL: typeof APPLY_EVENT_CHANNEL = 'applies:event';

/** The part of Electron's ipcRenderer the preload uses; a plain object in tests. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * The preload's half: a named function per action, each bound to its own fixed channel. Nothing
 * generic (no invoke(channel, …)) reaches the page, so it can call these actions and nothing else.
 */
export function createPreloadBridge(ipc: IpcRendererLike): MountbenchBridge {
  // Each call is answered by the main process with an IpcResult (ipc-handlers.ts).
  function invoker<C extends ApiChannel>(channel: C): BridgedCall<C> {
    const call = (...args: unknown[]) => ipc.invoke(channel, ...args);
    return call as BridgedCall<C>;
  }
  function subscriber<E>(channel: string, name: string) {
    return (listener: (event: E) => void): (() => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${name} needs a listener function`);
      // The page never sees the IPC event object (it carries `sender`, a way back into Electron).
      const forward = (_event: unknown, pushed: unknown): void => listener(pushed as E);
      ipc.on(channel, forward);
      return () => {
        ipc.removeListener(channel, forward);
      };
    };
  }
  return {
    app: { info: invoker('app:info') },
    engines: { list: invoker('engines:list'), fsSeen: invoker('engines:fsSeen') },
    workloads: { list: invoker('workloads:list') },
    mounts: { list: invoker('mounts:list') },
    projects: {
      inspect: invoker('projects:inspect'),
      pick: invoker('projects:pick'),
      recent: invoker('projects:recent'),
    },
    runs: {
      start: invoker('runs:start'),
      cancel: invoker('runs:cancel'),
      active: invoker('runs:active'),
      onEvent: subscriber<RunEvent>(BRIDGE_EVENT_CHANNEL, 'runs.onEvent'),
    },
    providers: {
      list: invoker('providers:list'),
      planApply: invoker('providers:planApply'),
    },
    applies: {
      start: invoker('applies:start'),
      cancel: invoker('applies:cancel'),
      active: invoker('applies:active'),
      onEvent: subscriber<ApplyEvent>(BRIDGE_APPLY_EVENT_CHANNEL, 'applies.onEvent'),
    },
    sweeps: {
      propose: invoker('sweeps:propose'),
      start: invoker('sweeps:start'),
      cancel: invoker('sweeps:cancel'),
      active: invoker('sweeps:active'),
      onEvent: subscriber<SweepEvent>(BRIDGE_SWEEP_EVENT_CHANNEL, 'sweeps.onEvent'),
    },
    results: {
      list: invoker('results:list'),
      get: invoker('results:get'),
      delete: invoker('results:delete'),
      import: invoker('results:import'),
      importHyperfine: invoker('results:importHyperfine'),
      export: invoker('results:export'),
      published: invoker('results:published'),
      rows: invoker('results:rows'),
      machineRatios: invoker('results:machineRatios'),
    },
    recommend: { forRuns: invoker('recommend:forRuns') },
  };
}

/** Turns error data back into a thrown MountbenchError that keeps the original name and code. */
export function errorFromData(data: SerializedError): MountbenchError {
  const code: ErrorCode = (ERROR_CODES as readonly string[]).includes(data.code) ? data.code : 'INTERNAL';
  const remedy = readRemedy(data.remedy);
  const error = new MountbenchError(code, data.message, remedy ? { remedy } : undefined);
  error.name = data.name;
  return error;
}

async function unwrap<T>(pending: Promise<IpcResult<T>>): Promise<T> {
  const result = await pending;
  if (result.ok) return result.value;
  throw errorFromData(result.error);
}

/** A bridge subscription (returns its unsubscribe) as the API's `{ signal }` subscription. */
function withSignal<E>(subscribe: (listener: (event: E) => void) => () => void) {
  return (listener: (event: E) => void, { signal }: { signal: AbortSignal }): void => {
    if (signal.aborted) return;
    const unsubscribe = subscribe(listener);
    signal.addEventListener('abort', () => unsubscribe(), { once: true });
  };
}

/** The page's half: the real MountbenchApi, throwing MountbenchErrors, with `{ signal }` subscriptions. */
export function createApiFromBridge(bridge: MountbenchBridge): MountbenchApi {
  return {
    app: { info: () => unwrap(bridge.app.info()) },
    engines: {
      list: () => unwrap(bridge.engines.list()),
      fsSeen: (engineName) => unwrap(bridge.engines.fsSeen(engineName)),
    },
    workloads: { list: () => unwrap(bridge.workloads.list()) },
    mounts: { list: () => unwrap(bridge.mounts.list()) },
    projects: {
      inspect: (folder) => unwrap(bridge.projects.inspect(folder)),
      pick: () => unwrap(bridge.projects.pick()),
      recent: () => unwrap(bridge.projects.recent()),
    },
    runs: {
      start: (request) => unwrap(bridge.runs.start(request)),
      cancel: (runId) => unwrap(bridge.runs.cancel(runId)),
      active: () => unwrap(bridge.runs.active()),
      onEvent: withSignal(bridge.runs.onEvent),
    },
    providers: {
      list: () => unwrap(bridge.providers.list()),
      planApply: (provider, variant) => unwrap(bridge.providers.planApply(provider, variant)),
    },
    applies: {
      start: (provider, variant) => unwrap(bridge.applies.start(provider, variant)),
      cancel: (applyId) => unwrap(bridge.applies.cancel(applyId)),
      active: () => unwrap(bridge.applies.active()),
      onEvent: withSignal(bridge.applies.onEvent),
    },
    sweeps: {
      propose: (request) => unwrap(bridge.sweeps.propose(request)),
      start: (request) => unwrap(bridge.sweeps.start(request)),
      cancel: (sweepId) => unwrap(bridge.sweeps.cancel(sweepId)),
      active: () => unwrap(bridge.sweeps.active()),
      onEvent: withSignal(bridge.sweeps.onEvent),
    },
    results: {
      list: () => unwrap(bridge.results.list()),
      get: (runId) => unwrap(bridge.results.get(runId)),
      delete: (runId) => unwrap(bridge.results.delete(runId)),
      import: (fileName, text) => unwrap(bridge.results.import(fileName, text)),
      importHyperfine: (file, text, details) => unwrap(bridge.results.importHyperfine(file, text, details)),
      export: (runId, format) => unwrap(bridge.results.export(runId, format)),
      published: () => unwrap(bridge.results.published()),
      rows: (runIds) => unwrap(bridge.results.rows(runIds)),
      machineRatios: (runIds, keys) => unwrap(bridge.results.machineRatios(runIds, keys)),
    },
    recommend: {
      forRuns: (runIds, profile, includePublished) =>
        unwrap(bridge.recommend.forRuns(runIds, profile, includePublished)),
    },
  };
}
