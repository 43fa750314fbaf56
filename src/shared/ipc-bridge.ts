// The desktop app's IPC transport of MountbenchApi, in two halves.
//
// Electron's contextBridge copies values between the preload's world and the page's: an Error
// loses its `name` and `code` on the way, and an AbortSignal arrives as an empty object. So the
// preload exposes a bridge of plain data and functions only (MountbenchBridge), and the page
// rebuilds the real MountbenchApi from it with createApiFromBridge, on its own side.
//
// Only types come from api-calls.ts: the preload bundles this file, and it must not drag zod and
// the schemas into the sandboxed preload (the main process validates everything anyway). The
// channels come from api-channels.ts, the zod-free list every transport is built from.
import type { MountbenchApi } from './api';
import {
  API_CHANNELS,
  API_EVENT_CHANNELS,
  EVENT_DOMAINS,
  splitChannel,
  type ActionOf,
  type ApiChannel,
  type DomainOf,
  type EventDomain,
} from './api-channels';
import {
  apiFromCall,
  memberFor,
  subscriptionsFrom,
  type ApiEvent,
  type ApiSubscribe,
  type CallArgs,
  type CallValue,
} from './api-client';
import { readRemedy } from './remedy-words';
import { ERROR_CODES, MountbenchError, type ErrorCode, type SerializedError } from './errors';

export type { CallArgs, CallValue };

/** What every IPC call returns: errors travel as data, never as a thrown Error. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: SerializedError };

/** A call of the API as the bridge carries it: same arguments, the outcome as data. */
export type BridgedCall<C extends ApiChannel> = (...args: CallArgs<C>) => Promise<IpcResult<CallValue<C>>>;

/** A stream as the bridge carries it: returns the function that unsubscribes (an AbortSignal does not survive contextBridge). */
export type BridgedSubscribe<D extends EventDomain> = (listener: (event: ApiEvent<D>) => void) => () => void;

/**
 * `window.mountbench` in the Electron renderer: one function per listed channel, grouped by
 * domain (`bridge.results.export(runId, format)`), plus each stream's `onEvent`. Derived from the
 * channel list, so a new call cannot be forgotten here.
 */
export type MountbenchBridge = {
  [D in DomainOf<ApiChannel>]: {
    [A in ActionOf<Extract<ApiChannel, `${D}:${string}`>>]: BridgedCall<`${D}:${A}` & ApiChannel>;
  };
} & {
  [D in EventDomain]: { onEvent: BridgedSubscribe<D> };
};

/** The part of Electron's ipcRenderer the preload uses; a plain object in tests. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * The preload's half: a named function per listed channel, each closed over its own channel
 * (a constant of the frozen list, never a value the page passes). Nothing generic (no
 * invoke(channel, …)) reaches the page, so it can call these actions and nothing else.
 */
export function createPreloadBridge(ipc: IpcRendererLike): MountbenchBridge {
  const bridge: Record<string, Record<string, unknown>> = {};
  const group = (domain: string) => (bridge[domain] ??= {});
  for (const channel of API_CHANNELS) {
    const [domain, action] = splitChannel(channel);
    // Each call is answered by the main process with an IpcResult (ipc-handlers.ts).
    group(domain)[action] = (...args: unknown[]) => ipc.invoke(channel, ...args);
  }
  for (const domain of EVENT_DOMAINS) {
    const channel = API_EVENT_CHANNELS[domain];
    group(domain)['onEvent'] = (listener: (event: unknown) => void): (() => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${domain}.onEvent needs a listener function`);
      // The page never sees the IPC event object (it carries `sender`, a way back into Electron).
      const forward = (_event: unknown, pushed: unknown): void => listener(pushed);
      ipc.on(channel, forward);
      return () => {
        ipc.removeListener(channel, forward);
      };
    };
  }
  return bridge as unknown as MountbenchBridge;
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
  return apiFromCall(
    async (channel, args) => {
      const bridged = memberFor(bridge, channel);
      if (!bridged) throw new MountbenchError('INTERNAL', `The app's bridge has no ${channel}`);
      return unwrap(bridged(...args) as Promise<IpcResult<CallValue<typeof channel>>>);
    },
    // Each stream's bridge subscription carries that stream's events (MountbenchBridge).
    subscriptionsFrom(<D extends EventDomain>(domain: D) => {
      const subscribe = bridge[domain].onEvent as BridgedSubscribe<D>;
      return withSignal<ApiEvent<D>>(subscribe) as ApiSubscribe<D>;
    }),
  );
}
