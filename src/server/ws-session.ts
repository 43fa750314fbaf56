// One page's WebSocket: every message is checked (JSON, credential, shape) before its call goes
// through api-dispatch.ts, the same validation as the desktop app's IPC; answers carry the
// message's id. A wrong or missing token closes the connection and runs nothing.
import { z } from 'zod';
import type { RawData, WebSocket } from 'ws';
import type { MountbenchApi } from '../shared/api';
import type { SerializedError } from '../shared/errors';
import { WS_CLOSE_UNAUTHORIZED, type WsReply, type WsRequestId } from '../shared/ws-protocol';
import { dispatch } from '../core/app/api-dispatch';
import { jsonShapeProblem } from '../shared/json-limits';
import { messageId, messageToken, wsRequestSchema } from './ws-message';
import { createTurnQueue } from './turn-queue';
import { wsReplyText } from './ws-reply-text';

/**
 * Calls one connection may have unanswered at once. A page makes a handful; a client sending
 * thousands at once would queue work without end (each holding its arguments and, later, its
 * answer), so calls past the bound are answered BUSY at once and run nothing.
 */
export const MAX_CALLS_IN_FLIGHT = 32;

/** Refusals one connection may have waiting for their turn, in count and in bytes. */
const MAX_REFUSALS_QUEUED = 4 * MAX_CALLS_IN_FLIGHT;
const MAX_REFUSAL_BYTES_QUEUED = 1024 * 1024;

function rawBytes(data: RawData): number {
  return Array.isArray(data) ? data.reduce((sum, part) => sum + part.byteLength, 0) : data.byteLength;
}

/**
 * Every connection's calls and answers take turns on one queue (turn-queue.ts): a burst of calls,
 * or thousands of answers at once when a shared listing is ready, never holds the event loop for
 * longer than a slice, so HTTP and the other sockets are answered meanwhile.
 */
const turns = createTurnQueue();

/**
 * Runs `task` on the same queue as the answers, after every answer queued before it: a job's first
 * event is pushed after the answer that started the job, as the page's job store expects.
 */
export function inTurnAfterAnswers(task: () => void): void {
  turns.push(task);
}

function badInput(message: string): SerializedError {
  return { name: 'MountbenchError', message, code: 'BAD_INPUT' };
}

/** The TCP socket under a ws WebSocket (ws keeps it as `_socket`), when there is one. */
function rawSocket(socket: WebSocket): { cork(): void; uncork(): void } | null {
  const raw = (socket as unknown as { _socket?: { cork?: unknown; uncork?: unknown } })._socket;
  return raw && typeof raw.cork === 'function' && typeof raw.uncork === 'function'
    ? (raw as { cork(): void; uncork(): void })
    : null;
}

export function handleSession(
  socket: WebSocket,
  api: MountbenchApi,
  valid: (candidate: unknown) => boolean,
  onRefusal?: (what: string) => void,
): void {
  const raw = rawSocket(socket);
  let corked = false;

  /**
   * Sends one frame. The answers of one slice to one page leave in one write: the socket is held
   * (corked) from the first answer and let go once the slice's callback has returned. A write
   * per answer cost serve more than a second of its thread in bench/serve-load.ts, its largest
   * share after garbage collection.
   */
  function send(text: string): void {
    if (raw && !corked) {
      corked = true;
      raw.cork();
      process.nextTick(() => {
        corked = false;
        raw.uncork();
      });
    }
    socket.send(text);
  }

  function reply(message: WsReply): void {
    if (socket.readyState !== socket.OPEN) return;
    let text: string;
    try {
      text = wsReplyText(message);
    } catch (err) {
      text = JSON.stringify({
        id: message.id,
        ok: false,
        error: {
          name: 'MountbenchError',
          message: `The answer could not be sent: ${String(err)}`,
          code: 'INTERNAL',
        },
      } satisfies WsReply);
    }
    send(text);
  }

  function refuse(id: WsRequestId | null, error: SerializedError): void {
    reply({ id, ok: false, error });
  }

  // Calls admitted and not yet answered: queued, running, or with their answer queued.
  let inFlight = 0;
  // Set when a message without the token closed the connection: calls queued behind it run nothing.
  let closedUnauthorized = false;

  // Messages past the bound waiting in the queue for their refusal, and their bytes.
  let refusalsQueued = 0;
  let refusalBytesQueued = 0;

  socket.on('message', (data, isBinary) => {
    if (inFlight < MAX_CALLS_IN_FLIGHT) {
      inFlight += 1;
      turns.push(() => {
        if (closedUnauthorized || !handle(data, isBinary, true)) inFlight -= 1;
      });
      return;
    }
    // Past the bound a call is refused BUSY (or for whatever else is wrong with it). A few
    // hundred small ones wait for their turn like any call; past that, each is refused at once,
    // so a flood holds no more memory than one message at a time.
    const bytes = rawBytes(data);
    if (refusalsQueued < MAX_REFUSALS_QUEUED && refusalBytesQueued + bytes <= MAX_REFUSAL_BYTES_QUEUED) {
      refusalsQueued += 1;
      refusalBytesQueued += bytes;
      turns.push(() => {
        refusalsQueued -= 1;
        refusalBytesQueued -= bytes;
        if (!closedUnauthorized) handle(data, isBinary, false);
      });
      return;
    }
    handle(data, isBinary, false);
  });

  /**
   * Checks one message and, when it is `admitted`, dispatches its call: true when dispatched (the
   * answer, sent on a later turn, frees its place), false when the message was refused here.
   */
  function handle(data: RawData, isBinary: boolean, admitted: boolean): boolean {
    if (isBinary) {
      refuse(null, badInput('Refused: messages must be JSON text, not binary'));
      return false;
    }
    let message: unknown;
    try {
      // Bounded in size by the server's maxPayload, in depth and objects here: parsing stays short.
      const text = data.toString();
      const shape = jsonShapeProblem(text);
      if (shape !== null) {
        refuse(null, badInput(`Refused: the message is not a call message (${shape})`));
        return false;
      }
      message = JSON.parse(text);
    } catch {
      refuse(null, badInput('Refused: the message is not valid JSON'));
      return false;
    }
    const id = messageId(message);
    const candidate = messageToken(message);
    if (!valid(candidate)) {
      const what = candidate === undefined || candidate === '' ? 'has no token' : 'has a wrong token';
      onRefusal?.(`WebSocket message ${what}: connection closed`);
      refuse(id, badInput(`Unauthorized: the message ${what}; nothing was run`));
      closedUnauthorized = true;
      socket.close(WS_CLOSE_UNAUTHORIZED, `Unauthorized: message ${what}`);
      return false;
    }
    const parsed = wsRequestSchema.safeParse(message);
    if (!parsed.success) {
      refuse(id, badInput(`Refused: not a call message: ${z.prettifyError(parsed.error)}`));
      return false;
    }
    const { channel, args } = parsed.data;
    if (!admitted) {
      refuse(parsed.data.id, {
        name: 'MountbenchError',
        message: `Refused ${channel.slice(0, 50)}: this connection already has ${MAX_CALLS_IN_FLIGHT} calls unanswered; wait for their answers`,
        code: 'BUSY',
      });
      return false;
    }
    void dispatch(api, channel, args).then((result) =>
      turns.push(() => {
        inFlight -= 1;
        reply({ id: parsed.data.id, ...result });
      }),
    );
    return true;
  }
}
