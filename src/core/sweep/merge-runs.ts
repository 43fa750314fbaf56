// One sweep, one result file: each variant ran as its own run (the engine restarts between them),
// and their results are laid side by side in a single run, as `mountbench run` saves them.
// Everything each variant's run found is kept: its race record (each setting races its own
// backends, so the records are laid side by side, never one chosen), and the dependency-folder and
// npm-layout verdicts worked out again over all results, as one run of every backend would.
import type { RaceSummary, RunFile } from '../../shared/result-schema';
import { runVerdicts } from '../recommend/run-verdicts';

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
  const race = mergedRace(runs);
  // Drop what the first run alone said; each is set again below from every run.
  const { race: _race, dependencySplit: _splits, npmLayouts: _layouts, skipped: _skipped, ...common } = first;
  return {
    ...common,
    id,
    finishedAt: runs[runs.length - 1].finishedAt,
    status,
    results,
    errors,
    ...(race ? { race } : {}),
    ...runVerdicts(results),
    ...(skipped.length ? { skipped } : {}),
  };
}

/** Every variant's race records under the first one's rule: one sweep request set one rule for all. */
function mergedRace(runs: readonly RunFile[]): RaceSummary | null {
  const raced = runs.flatMap((r) => (r.race ? [r.race] : []));
  if (!raced.length) return null;
  return { ...raced[0], workloads: raced.flatMap((r) => r.workloads) };
}
