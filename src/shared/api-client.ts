// MountbenchApi built from the channel list (api-channels.ts) and one function that carries a call,
// instead of a hand-kept table of methods per transport. The preload's bridge, the desktop page's
// client, the WebSocket client, the unavailable API and the renderer's fake each give only how they
// carry a call and a subscription; the methods come from the one list, so none can miss a call.
// Types only from api-calls.ts: the preload bundles this file and must not pull in zod.
import type { MountbenchApi } from './api';
import type { ApiMethod } from './api-calls';
import { API_CHANNELS, EVENT_DOMAINS, splitChannel, type ApiChannel, type EventDomain } from './api-channels';

/** The arguments of a channel's call, for code that sends them by channel name. */
export type CallArgs<C extends ApiChannel> = ApiMethod<C> extends (...args: infer A) => unknown ? A : never;

/** What a channel's call resolves to. */
export type CallValue<C extends ApiChannel> =
  ApiMethod<C> extends (...args: never[]) => Promise<infer R> ? R : never;

/** How a transport carries one call: the channel and its arguments, the answer or a thrown error. */
export type ApiCall = <C extends ApiChannel>(channel: C, args: CallArgs<C>) => Promise<CallValue<C>>;

/** A stream's `onEvent`, as MountbenchApi declares it. */
export type ApiSubscribe<D extends EventDomain> = MountbenchApi[D]['onEvent'];

/** What a stream of `D` carries. */
export type ApiEvent<D extends EventDomain> = Parameters<ApiSubscribe<D>>[0] extends (event: infer E) => void
  ? E
  : never;

export type ApiSubscriptions = { [D in EventDomain]: ApiSubscribe<D> };

/**
 * Fails to compile if MountbenchApi has a method that is neither a listed channel nor a stream's
 * `onEvent`: apiFromCall would build an API without it.
 */
type UnlistedMethod = {
  [D in keyof MountbenchApi & string]: {
    [A in keyof MountbenchApi[D] & string]: `${D}:${A}` extends ApiChannel
      ? never
      : D extends EventDomain
        ? A extends 'onEvent'
          ? never
          : `${D}.${A}`
        : `${D}.${A}`;
  }[keyof MountbenchApi[D] & string];
}[keyof MountbenchApi & string];
type AssertNever<T extends never> = T;
export type EveryMethodIsListed = AssertNever<UnlistedMethod>;

/** One subscription per stream, made by `make` (typed per domain here so callers need no casts). */
export function subscriptionsFrom(
  make: <D extends EventDomain>(domain: D) => ApiSubscribe<D>,
): ApiSubscriptions {
  const entries = EVENT_DOMAINS.map((domain) => [domain, make(domain)]);
  return Object.fromEntries(entries) as ApiSubscriptions;
}

/** The function a channel names in an object grouped like MountbenchApi (`results:get` → `o.results.get`). */
export function memberFor<C extends ApiChannel>(
  grouped: object,
  channel: C,
): ((...args: CallArgs<C>) => unknown) | undefined {
  const [domain, action] = splitChannel(channel);
  const group: unknown = Object.hasOwn(grouped, domain) ? Reflect.get(grouped, domain) : undefined;
  if (typeof group !== 'object' || group === null || !Object.hasOwn(group, action)) return undefined;
  const member: unknown = Reflect.get(group, action);
  return typeof member === 'function' ? (member as (...args: CallArgs<C>) => unknown) : undefined;
}

/** MountbenchApi whose every call goes through `call` and whose streams are `subscriptions`. */
export function apiFromCall(call: ApiCall, subscriptions: ApiSubscriptions): MountbenchApi {
  const api: Record<string, Record<string, unknown>> = {};
  const group = (domain: string) => (api[domain] ??= {});
  for (const channel of API_CHANNELS) {
    const [domain, action] = splitChannel(channel);
    group(domain)[action] = (...args: CallArgs<typeof channel>) => call(channel, args);
  }
  for (const domain of EVENT_DOMAINS) group(domain)['onEvent'] = subscriptions[domain];
  return api as unknown as MountbenchApi;
}
