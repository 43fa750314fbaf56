// Runs hyperfine inside the bench container on the workload's own command and reads back the
// samples it exported. Its stdout is kept clean (--style none) so the JSON is all we parse.
import { z } from 'zod';
import { MountbenchError } from '../../src/shared/errors';
import type { BackendExecutor } from '../../src/core/runner/executor';
import { shellQuote } from '../../src/core/workloads/sample-script';

/** `sh`: hyperfine's default (and the published runs'): `sh -c CMD`, less sh's measured start-up. */
export type HyperfineShell = 'sh' | 'none';
export const HYPERFINE_SHELLS: readonly HyperfineShell[] = ['sh', 'none'];

const exportSchema = z.object({
  results: z
    .array(
      z.object({
        command: z.string(),
        median: z.number(),
        times: z.array(z.number().finite().nonnegative()).min(1),
        exit_codes: z.array(z.number().nullable()).optional(),
      }),
    )
    .length(1),
});

export function hyperfineScript(options: {
  workdir: string;
  command: string;
  /** Untimed before every run (hyperfine's --prepare), as the runner's reset. */
  prepare?: string;
  runs: number;
  warmup: number;
  shell: HyperfineShell;
}): string {
  const { workdir, command, prepare, runs, warmup, shell } = options;
  // With no shell, hyperfine execs the words itself; the pipeline then needs its own sh, whose
  // start-up (under a millisecond for BusyBox) stays in the figure.
  const shellArgs =
    shell === 'sh' ? ['--shell=sh', shellQuote(command)] : ['-N', shellQuote(`sh -c ${shellQuote(command)}`)];
  const json = '/tmp/mountbench-hyperfine.json';
  return [
    'mkdir -p /tmp',
    `cd ${shellQuote(workdir)}`,
    `hyperfine --runs ${runs} --warmup ${warmup} --style none --export-json ${json}${prepare ? ` --prepare ${shellQuote(prepare)}` : ''} ${shellArgs.join(' ')} >/dev/null || exit $?`,
    `cat ${json}`,
  ].join('\n');
}

export function parseHyperfineExport(stdout: string): number[] {
  let data: unknown;
  try {
    data = JSON.parse(stdout);
  } catch {
    throw new MountbenchError('WORKLOAD_FAILED', `hyperfine printed no JSON export: ${stdout.slice(0, 300)}`);
  }
  const parsed = exportSchema.safeParse(data);
  if (!parsed.success)
    throw new MountbenchError(
      'WORKLOAD_FAILED',
      `hyperfine's export has an unexpected shape: ${parsed.error.message}`,
    );
  const [result] = parsed.data.results;
  if (result.exit_codes?.some((code) => code !== 0))
    throw new MountbenchError('WORKLOAD_FAILED', `the command failed under hyperfine: ${result.command}`);
  return result.times;
}

export async function hyperfineSamples(
  executor: BackendExecutor,
  options: Parameters<typeof hyperfineScript>[0],
  signal: AbortSignal,
): Promise<number[]> {
  const result = await executor.run(hyperfineScript(options), signal);
  if (result.exitCode !== 0) {
    throw new MountbenchError(
      'WORKLOAD_FAILED',
      `hyperfine in the container exited ${result.exitCode}: ${result.stderr.trim().slice(-500)}`,
    );
  }
  return parseHyperfineExport(result.stdout);
}
