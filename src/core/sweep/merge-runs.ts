// One sweep, one result file: each variant ran as its own run (the engine restarts between them),
// and their results are laid side by side in a single run, as `mountbench run` saves them.
import type { RunFile } from '../../shared/result-schema';

export function mergeRuns(
  id: string,
  runs: RunFile[],
  extraErrors: RunFile['errors'],
  cancelled: boolean,
): RunFile | null {
  const first = runs[0];
  if (!first) return null;
  const results = runs.flatMap((r) => r.results);
  const errors = [...runs.flatMap((r) => r.errors), ...extraErrors];
  const skipped = runs.flatMap((r) => r.skipped ?? []);
  const status: RunFile['status'] =
    cancelled || runs.some((r) => r.status === 'cancelled')
      ? 'cancelled'
      : results.length === 0 && errors.length
        ? 'failed'
        : 'completed';
  return {
    ...first,
    id,
    finishedAt: runs[runs.length - 1].finishedAt,
    status,
    results,
    errors,
    ...(skipped.length ? { skipped } : {}),
  };
}
