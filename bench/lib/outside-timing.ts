// The naive way to time a workload in a container: a stopwatch on the host around `docker exec`.
// It is here for contrast only: the exec round trip and the shell's start land in every figure.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { DiscoveredEngine } from '../../src/shared/engine';
import { MountbenchError } from '../../src/shared/errors';
import type { BackendExecutor } from '../../src/core/runner/executor';
import { shellQuote } from '../../src/core/workloads/sample-script';

const run = promisify(execFile);

function workloadCommand(workdir: string, body: string, reset: string | undefined): string {
  // A naive harness has nowhere to put an untimed reset: it runs inside the stopwatch.
  return `cd ${shellQuote(workdir)} && ${reset ? `{ ${reset}\n} && ` : ''}{ ${body}\n} >/dev/null`;
}

/** Through the Engine API, as a harness built on dockerode would do it. */
export async function apiExecSeconds(
  executor: BackendExecutor,
  workdir: string,
  body: string,
  reset: string | undefined,
  signal: AbortSignal,
): Promise<number> {
  const began = performance.now();
  const result = await executor.run(workloadCommand(workdir, body, reset), signal);
  const seconds = (performance.now() - began) / 1000;
  if (result.exitCode !== 0)
    throw new MountbenchError('WORKLOAD_FAILED', `docker exec failed: ${result.stderr.trim()}`);
  return seconds;
}

/** The docker CLI's arguments that reach the same engine the benchmark uses. */
export function cliEngineArgs(engine: Pick<DiscoveredEngine, 'name' | 'endpoint' | 'source'>): string[] {
  if (engine.source === 'context') return ['--context', engine.name];
  // DOCKER_HOST is in our environment and the CLI reads it too.
  if (engine.source === 'env') return [];
  return ['-H', engine.endpoint];
}

export async function dockerCliAvailable(): Promise<boolean> {
  return run('docker', ['--version']).then(
    () => true,
    () => false,
  );
}

/** `time docker exec CONTAINER sh -c '…'` as one would type it. */
export async function cliExecSeconds(
  engineArgs: string[],
  container: string,
  workdir: string,
  body: string,
  reset: string | undefined,
  signal: AbortSignal,
): Promise<number> {
  const began = performance.now();
  try {
    await run(
      'docker',
      [...engineArgs, 'exec', container, 'sh', '-c', workloadCommand(workdir, body, reset)],
      {
        signal,
      },
    );
  } catch (err) {
    signal.throwIfAborted();
    throw new MountbenchError('WORKLOAD_FAILED', `docker exec (CLI) failed: ${(err as Error).message}`);
  }
  return (performance.now() - began) / 1000;
}
