// The one list of the API's channels, free of zod so the sandboxed preload may bundle it. Every
// other list of calls is built from this one: the schema table (api-calls.ts, checked against it),
// the preload bridge and the page's API (ipc-bridge.ts, api-client.ts), the WebSocket client, the
// unavailable API and the renderer's fake. A new call is a line here, its schema row, the method in
// MountbenchApi and its implementation in the core.

/** Every call of MountbenchApi, `domain:action`; answered with a value or an error. */
export const API_CHANNELS = Object.freeze([
  'app:info',
  'engines:list',
  'engines:fsSeen',
  'workloads:list',
  'mounts:list',
  'projects:inspect',
  'projects:pick',
  'projects:recent',
  'jobs:start',
  'jobs:cancel',
  'jobs:active',
  'providers:list',
  'providers:planApply',
  'sweeps:propose',
  'results:list',
  'results:get',
  'results:delete',
  'results:import',
  'results:importHyperfine',
  'results:export',
  'results:published',
  'results:rows',
  'results:machineRatios',
  'recommend:forRuns',
  'team:publishPreview',
  'team:publish',
  'team:pull',
  'team:view',
] as const);

export type ApiChannel = (typeof API_CHANNELS)[number];

/**
 * The pushed streams: the domain whose `onEvent` subscribes, and the channel the desktop app's IPC
 * pushes on. Pushed only, never invoked, so no page can call them.
 */
export const API_EVENT_CHANNELS = Object.freeze({
  /** Every job's events (shared/jobs.ts: JobEvent). */
  jobs: 'jobs:event',
} as const);

export type EventDomain = keyof typeof API_EVENT_CHANNELS;

export const EVENT_DOMAINS = Object.freeze(Object.keys(API_EVENT_CHANNELS) as EventDomain[]);

export type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
export type ActionOf<C extends string> = C extends `${string}:${infer A}` ? A : never;

/** `results:get` → `['results', 'get']`. */
export function splitChannel<C extends ApiChannel>(channel: C): [DomainOf<C>, ActionOf<C>] {
  const colon = channel.indexOf(':');
  return [channel.slice(0, colon) as DomainOf<C>, channel.slice(colon + 1) as ActionOf<C>];
}
