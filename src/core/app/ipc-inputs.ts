// Validation of what a page sends, for both transports (Electron IPC and the `serve` WebSocket):
// the channel must be a row of the call table and the arguments must match its schema. The page
// is treated as untrusted input: a compromised page must not be able to hand the core anything the
// schemas do not allow, nor name a method the table does not list.
import { z } from 'zod';
import { API_CALLS, type ApiChannel } from '../../shared/api-calls';
import { MountbenchError } from '../../shared/errors';

/** A call that passed validation: a known channel and arguments its schema produced. */
export interface ValidCall {
  channel: ApiChannel;
  args: unknown[];
}

/** Channel names are short `domain:action` strings; anything else is not worth echoing in full. */
function describeChannel(channel: unknown): string {
  if (typeof channel !== 'string') return `a ${channel === null ? 'null' : typeof channel}`;
  return JSON.stringify(channel.length > 60 ? `${channel.slice(0, 60)}…` : channel);
}

export function isApiChannel(channel: unknown): channel is ApiChannel {
  // Own keys only: `toString` or `__proto__` must not pass as channels.
  return typeof channel === 'string' && Object.hasOwn(API_CALLS, channel);
}

export function parseChannel(channel: unknown): ApiChannel {
  if (isApiChannel(channel)) return channel;
  throw new MountbenchError('BAD_INPUT', `Unknown channel ${describeChannel(channel)}`);
}

export function parseCall(channel: unknown, args: unknown): ValidCall {
  const known = parseChannel(channel);
  if (!Array.isArray(args)) {
    throw new MountbenchError('BAD_INPUT', `Invalid arguments for ${known}: expected a list of arguments`);
  }
  const parsed = API_CALLS[known].safeParse(args);
  if (!parsed.success) {
    throw new MountbenchError(
      'BAD_INPUT',
      `Invalid arguments for ${known}: ${z.prettifyError(parsed.error)}`,
    );
  }
  // Schemas strip nothing they do not know: run requests are `.strict()`, the rest are scalars.
  return { channel: known, args: [...parsed.data] };
}
