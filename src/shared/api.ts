// The one typed API of Mountbench. Transports (Electron IPC, the `serve` WebSocket) implement it;
// the renderer and the CLI call it. Channel names are `domain:action`.
import type { DiscoveredEngine } from './engine';
import type { RunFile } from './result-schema';
import type { RunRequest } from './run-plan';
import type { RunEvent } from './run-events';

export interface MountbenchApi {
  engines: {
    list(): Promise<DiscoveredEngine[]>;
  };
  runs: {
    /** Starts a run and returns at once; progress arrives through `onEvent`. */
    start(request: RunRequest): Promise<{ runId: string }>;
    cancel(runId: string): Promise<void>;
    onEvent(listener: (event: RunEvent) => void, options: { signal: AbortSignal }): void;
  };
  results: {
    list(): Promise<RunFile[]>;
  };
}

export const CHANNELS = {
  enginesList: 'engines:list',
  runsStart: 'runs:start',
  runsCancel: 'runs:cancel',
  runsEvent: 'runs:event',
  resultsList: 'results:list',
} as const;
export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];
