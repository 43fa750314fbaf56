// MountbenchApi over the `mountbench serve` WebSocket (protocol in src/shared/ws-protocol.ts).
// Calls are matched to answers by id; job events are pushed to every subscriber. The connection
// opens on first use and, while someone listens for run events, comes back after a drop, so a
// restarted server or a flaky moment does not leave the page deaf. Free of DOM-only APIs: the
// socket is injected, so the same client runs in Node against the real server in tests.
import type { MountbenchApi } from '../../../shared/api';
import type { ApiChannel, EventDomain } from '../../../shared/api-channels';
import {
  apiFromCall,
  subscriptionsFrom,
  type ApiEvent,
  type ApiSubscribe,
  type CallArgs,
  type CallValue,
} from '../../../shared/api-client';
import { MountbenchError } from '../../../shared/errors';
import { errorFromData } from '../../../shared/ipc-bridge';
import {
  WS_CLOSE_UNAUTHORIZED,
  WS_MAX_MESSAGE_BYTES,
  type WsRequest,
  type WsServerMessage,
} from '../../../shared/ws-protocol';
import type { SocketLike, SocketOpener } from './socket';
import { utf8Length } from './utf8-length';

export interface WsClientOptions {
  /** `ws://127.0.0.1:PORT/api` */
  url: string;
  token: string;
  openSocket: SocketOpener;
  /** Waits before each reconnection attempt while there are event listeners; the last repeats. */
  reconnectDelaysMs?: number[];
  /** Told about messages that answer nothing (a server-side refusal of a message it could not read). */
  onProblem?: (message: string) => void;
}

export interface WsClient extends MountbenchApi {
  /** Closes the connection for good: pending calls fail, listeners stop hearing. */
  close(): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

const DEFAULT_RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000];

function closeError(code: number, reason: string): MountbenchError {
  if (code === WS_CLOSE_UNAUTHORIZED) {
    return new MountbenchError(
      'BAD_INPUT',
      `mountbench serve refused this page: ${reason || 'wrong token'}. Open the address it printed again.`,
    );
  }
  if (code === 1009) {
    return new MountbenchError('BAD_INPUT', 'mountbench serve refused a message larger than it accepts');
  }
  const why = reason ? `: ${reason}` : '';
  return new MountbenchError(
    'INTERNAL',
    `Lost the connection to mountbench serve (code ${code}${why}). Is it still running?`,
  );
}

export function createWsClient(options: WsClientOptions): WsClient {
  const delays = options.reconnectDelaysMs ?? DEFAULT_RECONNECT_DELAYS_MS;
  const pending = new Map<number, Pending>();
  const listeners: { [D in EventDomain]: Set<(event: ApiEvent<D>) => void> } = { jobs: new Set() };
  const everyListenerSet = Object.values(listeners);
  const listening = () => everyListenerSet.some((set) => set.size > 0);
  let queue: string[] = [];
  let socket: SocketLike | null = null;
  let open = false;
  let finished: MountbenchError | null = null;
  let nextId = 1;
  let attempts = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  function failPending(error: MountbenchError): void {
    const waiting = [...pending.values()];
    pending.clear();
    queue = [];
    for (const call of waiting) call.reject(error);
  }

  function connect(): void {
    if (socket !== null || finished !== null) return;
    if (reconnectTimer !== null) {
      clearTimeout(reconnectTimer);
      reconnectTimer = null;
    }
    const current = options.openSocket(options.url, {
      onOpen() {
        if (socket !== current) return;
        open = true;
        attempts = 0;
        const waiting = queue;
        queue = [];
        for (const text of waiting) current.send(text);
      },
      onMessage(text) {
        if (socket === current) receive(text);
      },
      onClose(code, reason) {
        if (socket !== current) return;
        socket = null;
        open = false;
        const error = closeError(code, reason);
        if (code === WS_CLOSE_UNAUTHORIZED) finished = error;
        failPending(error);
        scheduleReconnect();
      },
    });
    socket = current;
  }

  function scheduleReconnect(): void {
    if (finished !== null || !listening() || reconnectTimer !== null) return;
    const delay = delays[Math.min(attempts, delays.length - 1)] ?? 1000;
    attempts += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (listening()) connect();
    }, delay);
  }

  function receive(text: string): void {
    let message: WsServerMessage;
    try {
      message = JSON.parse(text) as WsServerMessage;
    } catch {
      options.onProblem?.('mountbench serve sent a message that is not JSON');
      return;
    }
    if ('job' in message) {
      for (const listener of [...listeners.jobs]) listener(message.job);
      return;
    }
    const call = typeof message.id === 'number' ? pending.get(message.id) : undefined;
    if (!call) {
      if (!message.ok) options.onProblem?.(message.error.message);
      return;
    }
    pending.delete(message.id as number);
    if (message.ok) call.resolve(message.value);
    else call.reject(errorFromData(message.error));
  }

  function send<C extends ApiChannel>(channel: C, args: CallArgs<C>): Promise<CallValue<C>> {
    if (finished !== null) return Promise.reject(finished);
    const id = nextId++;
    const request: WsRequest = { id, channel, args, token: options.token };
    const text = JSON.stringify(request);
    // Refuse here what the server would refuse by closing the connection (every other call on it
    // would fail too); a UTF-8 character is at most 3 bytes per UTF-16 unit.
    if (text.length * 3 > WS_MAX_MESSAGE_BYTES && utf8Length(text) > WS_MAX_MESSAGE_BYTES) {
      const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
      return Promise.reject(
        new MountbenchError(
          'BAD_INPUT',
          `Refused ${channel}: the request is ${mb(utf8Length(text))}, over the ${mb(WS_MAX_MESSAGE_BYTES)} ` +
            'a message may carry (import very large files with `mountbench import`)',
        ),
      );
    }
    return new Promise<CallValue<C>>((resolve, reject) => {
      pending.set(id, { resolve: (value) => resolve(value as CallValue<C>), reject });
      connect();
      if (open && socket !== null) socket.send(text);
      else queue.push(text);
    });
  }

  /** The `onEvent` of stream `D`: adds to its set, reconnecting while anyone listens. */
  function subscriber<D extends EventDomain>(domain: D): ApiSubscribe<D> {
    const set = listeners[domain] as Set<(event: ApiEvent<D>) => void>;
    const subscribe = (listener: (event: ApiEvent<D>) => void, { signal }: { signal: AbortSignal }): void => {
      if (signal.aborted || finished !== null) return;
      // A wrapper per subscription, so the same function subscribed twice unsubscribes apart.
      const subscription = (event: ApiEvent<D>) => listener(event);
      set.add(subscription);
      signal.addEventListener('abort', () => set.delete(subscription), { once: true });
      connect();
    };
    return subscribe as ApiSubscribe<D>;
  }

  return {
    ...apiFromCall(send, subscriptionsFrom(subscriber)),
    close() {
      if (finished === null)
        finished = new MountbenchError('INTERNAL', 'The connection was closed by the page');
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      for (const set of everyListenerSet) set.clear();
      failPending(finished);
      const current = socket;
      socket = null;
      open = false;
      current?.close(1000, 'closed by the page');
    },
  };
}
