// One place where a call from a page reaches the core, for both transports: the channel and its
// arguments are validated against the call table (API_CALLS), the matching api method is called,
// and the outcome comes back as data, errors as `{ name, message, code }`, never thrown.
import type { MountbenchApi } from '../../shared/api';
import type { ApiChannel, ApiMethod } from '../../shared/api-calls';
import { MountbenchError, serializeError } from '../../shared/errors';
import type { IpcResult } from '../../shared/ipc-bridge';
import { parseCall } from './ipc-inputs';

/** Fails to compile if a row of the call table names no method of MountbenchApi. */
type Unmapped = { [C in ApiChannel]: [ApiMethod<C>] extends [never] ? C : never }[ApiChannel];
type AssertNever<T extends never> = T;
export type EveryChannelHasAMethod = AssertNever<Unmapped>;

/**
 * The api method a channel names (`results:get` → `api.results.get`), bound to its group. Only
 * ever called with a channel of the table, so the page never picks a property name itself.
 */
export function methodFor(api: MountbenchApi, channel: ApiChannel): (...args: unknown[]) => Promise<unknown> {
  const [domain, action] = channel.split(':') as [keyof MountbenchApi, string];
  const group: object = api[domain];
  const method: unknown = Reflect.get(group, action);
  if (typeof method !== 'function') {
    throw new MountbenchError('INTERNAL', `The core has no method for ${channel}`);
  }
  return (...args) => Promise.resolve(Reflect.apply(method, group, args));
}

export async function dispatch(
  api: MountbenchApi,
  channel: unknown,
  args: unknown,
): Promise<IpcResult<unknown>> {
  try {
    const call = parseCall(channel, args);
    return { ok: true, value: await methodFor(api, call.channel)(...call.args) };
  } catch (err) {
    return { ok: false, error: serializeError(err) };
  }
}
