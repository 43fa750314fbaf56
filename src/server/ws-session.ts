// One page's WebSocket: every message is checked (JSON, credential, shape) before its call goes
// through api-dispatch.ts, the same validation as the desktop app's IPC; answers carry the
// message's id. A wrong or missing token closes the connection and runs nothing.
import { z } from 'zod';
import type { WebSocket } from 'ws';
import type { MountbenchApi } from '../shared/api';
import type { SerializedError } from '../shared/errors';
import { WS_CLOSE_UNAUTHORIZED, type WsReply, type WsRequestId } from '../shared/ws-protocol';
import { dispatch } from '../core/app/api-dispatch';
import { jsonShapeProblem } from '../shared/json-limits';
import { messageId, messageToken, wsRequestSchema } from './ws-message';

/**
 * Calls one connection may have unanswered at once. A page makes a handful; a client sending
 * thousands at once would queue work without end (each holding its arguments and, later, its
 * answer), so calls past the bound are answered BUSY at once and run nothing.
 */
export const MAX_CALLS_IN_FLIGHT = 32;

function badInput(message: string): SerializedError {
  return { name: 'MountbenchError', message, code: 'BAD_INPUT' };
}

export function handleSession(
  socket: WebSocket,
  api: MountbenchApi,
  valid: (candidate: unknown) => boolean,
  onRefusal?: (what: string) => void,
): void {
  function reply(message: WsReply): void {
    if (socket.readyState !== socket.OPEN) return;
    let text: string;
    try {
      text = JSON.stringify(message);
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
    socket.send(text);
  }

  function refuse(id: WsRequestId | null, error: SerializedError): void {
    reply({ id, ok: false, error });
  }

  let inFlight = 0;

  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      refuse(null, badInput('Refused: messages must be JSON text, not binary'));
      return;
    }
    let message: unknown;
    try {
      // Bounded in size by the server's maxPayload, in depth and objects here: parsing stays short.
      const text = data.toString();
      const shape = jsonShapeProblem(text);
      if (shape !== null) {
        refuse(null, badInput(`Refused: the message is not a call message (${shape})`));
        return;
      }
      message = JSON.parse(text);
    } catch {
      refuse(null, badInput('Refused: the message is not valid JSON'));
      return;
    }
    const id = messageId(message);
    const candidate = messageToken(message);
    if (!valid(candidate)) {
      const what = candidate === undefined || candidate === '' ? 'has no token' : 'has a wrong token';
      onRefusal?.(`WebSocket message ${what}: connection closed`);
      refuse(id, badInput(`Unauthorized: the message ${what}; nothing was run`));
      socket.close(WS_CLOSE_UNAUTHORIZED, `Unauthorized: message ${what}`);
      return;
    }
    const parsed = wsRequestSchema.safeParse(message);
    if (!parsed.success) {
      refuse(id, badInput(`Refused: not a call message: ${z.prettifyError(parsed.error)}`));
      return;
    }
    const { channel, args } = parsed.data;
    if (inFlight >= MAX_CALLS_IN_FLIGHT) {
      refuse(parsed.data.id, {
        name: 'MountbenchError',
        message: `Refused ${channel.slice(0, 50)}: this connection already has ${MAX_CALLS_IN_FLIGHT} calls unanswered; wait for their answers`,
        code: 'BUSY',
      });
      return;
    }
    inFlight += 1;
    void dispatch(api, channel, args)
      .then((result) => reply({ id: parsed.data.id, ...result }))
      .finally(() => (inFlight -= 1));
  });
}
