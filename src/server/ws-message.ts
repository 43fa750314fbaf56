// What one WebSocket message from the page must look like before anything else is read from it.
import { z } from 'zod';
import type { WsRequestId } from '../shared/ws-protocol';

export const wsRequestSchema = z
  .object({
    id: z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(100)]),
    channel: z.string().max(200),
    args: z.array(z.unknown()),
    token: z.string().max(200),
  })
  .strict();

/** The id of a message that failed validation, if it had a usable one, to answer it by. */
export function messageId(message: unknown): WsRequestId | null {
  if (typeof message !== 'object' || message === null || !('id' in message)) return null;
  const id = message.id;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) return id;
  if (typeof id === 'string' && id.length > 0 && id.length <= 100) return id;
  return null;
}

export function messageToken(message: unknown): unknown {
  return typeof message === 'object' && message !== null && 'token' in message ? message.token : undefined;
}
