// The `mountbench run` command that does what the dashboard's "Keep measuring" does: the same
// settings, only the workloads and backends a race left undecided (shared/continuation.ts).
import type { RunRequest } from '../../shared/run-plan';

/** Quotes a word for a POSIX shell only when it needs it, so the common command reads plainly. */
function shellWord(value: string): string {
  return /^[A-Za-z0-9_./:,=@%+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

export function continuationCommand(request: RunRequest): string {
  const flags: [string, string | null][] = [
    ['--engine', request.engine ?? null],
    ['--variant', request.variants?.join(',') ?? null],
    ['--mount', request.mounts.join(',')],
    ['--workload', request.workloads.join(',')],
    ['--backend', request.backends?.join(',') ?? null],
    ['--size', request.size],
    ['--race', null],
    ['--min-runs', String(request.runs)],
    ['--max-runs', request.maxRuns !== undefined ? String(request.maxRuns) : null],
    ['--warmup', String(request.warmup)],
    ['--budget', request.budgetSeconds !== undefined ? `${request.budgetSeconds}s` : null],
    ['--image', request.image ?? null],
    ['--tools-image', request.toolsImage ?? null],
  ];
  const words = ['mountbench', 'run'];
  for (const [flag, value] of flags) {
    if (flag === '--race') words.push(flag);
    else if (value !== null) words.push(flag, shellWord(value));
  }
  return words.join(' ');
}
