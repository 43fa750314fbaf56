// What each IPC call does, without Electron: validate the arguments, call the core, and wrap the
// outcome as data. Kept apart from ipc.ts so it runs under plain Node in unit tests.
import type { Channel, MountbenchApi } from '../shared/api';
import { CHANNELS } from '../shared/api';
import { serializeError } from '../shared/errors';
import type { IpcResult } from '../shared/ipc-bridge';
import { expectNoArguments, parseRunId, parseRunRequest } from './ipc-inputs';

/** Channels the renderer invokes; `runs:event` is pushed the other way. */
export type InvokeChannel = Exclude<Channel, typeof CHANNELS.runsEvent>;

export type IpcHandler = (args: readonly unknown[]) => Promise<IpcResult<unknown>>;

export function createIpcHandlers(api: MountbenchApi): Record<InvokeChannel, IpcHandler> {
  return {
    [CHANNELS.enginesList]: wrap((args) => {
      expectNoArguments(args, CHANNELS.enginesList);
      return api.engines.list();
    }),
    [CHANNELS.runsStart]: wrap((args) => {
      const [request, ...rest] = args;
      expectNoArguments(rest, `${CHANNELS.runsStart} beyond the request`);
      return api.runs.start(parseRunRequest(request));
    }),
    [CHANNELS.runsCancel]: wrap((args) => {
      const [runId, ...rest] = args;
      expectNoArguments(rest, `${CHANNELS.runsCancel} beyond the run id`);
      return api.runs.cancel(parseRunId(runId));
    }),
    [CHANNELS.resultsList]: wrap((args) => {
      expectNoArguments(args, CHANNELS.resultsList);
      return api.results.list();
    }),
  };
}

function wrap<T>(call: (args: readonly unknown[]) => Promise<T>): IpcHandler {
  return async (args) => {
    try {
      return { ok: true, value: await call(args) };
    } catch (err) {
      return { ok: false, error: serializeError(err) };
    }
  };
}
