// Which machines have more than one measured (or imported) run among some comparison rows: the
// dashboard's Compare and the CLI's `compare` both give each run of such a machine a group of its
// own, so two runs of one machine (before and after a change) stand side by side and "vs fastest"
// is taken within a run, never across runs.
import type { ComparisonRow } from './comparison';

export function machinesWithSeveralRuns(rows: readonly ComparisonRow[]): Set<string> {
  const runs = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.source.kind !== 'measured') continue;
    const ids = runs.get(row.machine.key) ?? new Set<string>();
    ids.add(row.source.runId);
    runs.set(row.machine.key, ids);
  }
  return new Set([...runs].filter(([, ids]) => ids.size > 1).map(([key]) => key));
}
