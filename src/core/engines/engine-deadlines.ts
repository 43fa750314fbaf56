// Every call to an engine gets a deadline that fits it, so an engine that answered the probe and
// then wedged (a stuck VM) makes a call fail with a sentence instead of hanging the run forever.
// The deadline covers the wait for the engine's answer; a stream it then opens (a pull's progress,
// an exec's output while a workload runs) is as long as the work and is ended by the caller's own
// abort signal, which keeps reaching the request after the deadline is cleared.
import type Dockerode from 'dockerode';
import { MountbenchError } from '../../shared/errors';

export interface EngineDeadlines {
  /** Lists, inspects and other reads. */
  readMs: number;
  /** Creating, starting, stopping and removing: the engine may mount a share or stop a process. */
  changeMs: number;
  /** A pull: the engine asks the registry before it answers. */
  pullMs: number;
}

export const DEFAULT_ENGINE_DEADLINES: EngineDeadlines = {
  readMs: 30_000,
  changeMs: 60_000,
  pullMs: 120_000,
};

/** The part of docker-modem's request options this reads (see docker-modem's Modem.prototype.dial). */
interface DialOptions {
  path?: string;
  method?: string;
  abortSignal?: AbortSignal;
}

type DialCallback = (err: unknown, data: unknown) => void;
interface DialingModem {
  dial(options: DialOptions, callback: DialCallback): unknown;
}

export function deadlineFor(method: string, path: string, deadlines: EngineDeadlines): number {
  if (path.startsWith('/images/create')) return deadlines.pullMs;
  return method === 'GET' || method === 'HEAD' ? deadlines.readMs : deadlines.changeMs;
}

/** Installs the deadlines on a dockerode client's modem; returns the same client. */
export function withDeadlines(
  docker: Dockerode,
  endpoint: string,
  deadlines: EngineDeadlines = DEFAULT_ENGINE_DEADLINES,
): Dockerode {
  const modem = docker.modem as unknown as DialingModem;
  const dial = modem.dial.bind(modem);
  modem.dial = (options, callback) => {
    const method = options.method ?? 'GET';
    const path = (options.path ?? '').replace(/\?$/, '');
    const ms = deadlineFor(method, path, deadlines);
    const own = options.abortSignal;
    const timeout = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      timeout.abort();
    }, ms);
    // AbortSignal.any holds its sources weakly: thousands of calls add no listener to the run's signal.
    const abortSignal = own ? AbortSignal.any([own, timeout.signal]) : timeout.signal;
    return dial({ ...options, abortSignal }, (err, data) => {
      clearTimeout(timer);
      if (err && timedOut && !own?.aborted) {
        callback(
          new MountbenchError(
            'ENGINE_UNREACHABLE',
            `the engine at ${endpoint} did not answer ${method} ${path.replace(/^\/v[\d.]+/, '')} within ${ms / 1000} s; it may be stuck: restart it and try again`,
            { cause: err },
          ),
          data,
        );
        return;
      }
      callback(err, data);
    });
  };
  return docker;
}
