// Asks one engine who it is (`info` and `version` together), bounded by a timeout and the caller's
// AbortSignal, and turns any failure into a sentence.
import type Dockerode from 'dockerode';
import { z } from 'zod';
import { MountbenchError } from '../../shared/errors';
import { describeProbeError, timedOutMessage } from './probe-errors';

import type { EngineFacts } from '../../shared/engine';

export type { EngineFacts };

export type ProbeResult = { reachable: true; facts: EngineFacts } | { reachable: false; error: string };

// The dockerode typings omit the options object these calls accept, and with it `abortSignal`.
interface AbortableCalls {
  info(options: { abortSignal: AbortSignal }): Promise<unknown>;
  version(options: { abortSignal: AbortSignal }): Promise<unknown>;
}

const infoSchema = z.object({
  ServerVersion: z.string().optional(),
  OperatingSystem: z.string().optional(),
  OSType: z.string().optional(),
  Architecture: z.string().optional(),
  KernelVersion: z.string().optional(),
  NCPU: z.number().optional(),
  MemTotal: z.number().optional(),
});

const versionSchema = z.object({
  Platform: z.object({ Name: z.string().max(200).optional() }).optional(),
  Version: z.string().optional(),
  ApiVersion: z.string().optional(),
  Os: z.string().optional(),
  Arch: z.string().optional(),
  KernelVersion: z.string().optional(),
});

export async function probeEngine(
  docker: Dockerode,
  endpoint: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<ProbeResult> {
  const { timeoutMs, signal } = options;
  if (signal?.aborted) throw cancelled();

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = (): void => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });

  const calls = docker as unknown as AbortableCalls;
  const answered = Promise.all([
    calls.info({ abortSignal: controller.signal }),
    calls.version({ abortSignal: controller.signal }),
  ]);
  // An ssh handshake does not always heed the signal, so the abort itself also ends the wait.
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
  // Whichever promise loses the race may still reject later; that rejection is expected and handled here.
  answered.catch(() => undefined);
  stopped.catch(() => undefined);

  try {
    const [info, version] = await Promise.race([answered, stopped]);
    return factsFrom(info, version);
  } catch (err) {
    if (signal?.aborted) throw cancelled();
    if (timedOut) return { reachable: false, error: timedOutMessage(timeoutMs) };
    return { reachable: false, error: describeProbeError(err, endpoint) };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    // Ends the other call when one of the two failed first.
    controller.abort();
  }
}

function factsFrom(rawInfo: unknown, rawVersion: unknown): ProbeResult {
  const info = infoSchema.safeParse(rawInfo);
  const version = versionSchema.safeParse(rawVersion);
  // docker-modem hands back a Buffer for a body that is not JSON, and an empty object parses too:
  // a Docker engine always names its version, so that is the test.
  const i = info.success && !Buffer.isBuffer(rawInfo) ? info.data : undefined;
  const v = version.success && !Buffer.isBuffer(rawVersion) ? version.data : undefined;
  if (!i || !v || (!v.Version && !i.ServerVersion)) {
    return { reachable: false, error: 'something answered, but not the way a Docker engine does' };
  }
  // The Debian engine and Docker CE leave it empty or name the edition; Docker Desktop names its release.
  const platformName = v.Platform?.Name?.trim();
  return {
    reachable: true,
    facts: {
      serverVersion: v.Version ?? i.ServerVersion,
      ...(platformName ? { platformName } : {}),
      apiVersion: v.ApiVersion,
      os: i.OperatingSystem,
      osType: i.OSType ?? v.Os,
      arch: i.Architecture ?? v.Arch,
      kernelVersion: i.KernelVersion ?? v.KernelVersion,
      cpus: i.NCPU,
      memoryBytes: i.MemTotal,
    },
  };
}

function cancelled(): MountbenchError {
  return new MountbenchError('CANCELLED', 'Engine discovery was cancelled.');
}
