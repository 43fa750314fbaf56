// `mountbench compare` of two runs of one machine, grouped as the dashboard's Compare groups them
// (renderer lib/compare-data): each run of a machine with several runs is a group of its own, so
// "vs fastest" is taken within a run, never from one run's backend against another run's. The
// core's comparison tables group by machine key; a run of such a machine gets a key and a label
// of its own here, and everything else (ranking, significance) stays the core's.
import type { ComparisonRow } from '../../shared/comparison';
import { machinesWithSeveralRuns } from '../../shared/machines-with-several-runs';

/** "2026-12-02 04:38 UTC": when the run was made, to the minute. */
function runTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function groupRowsByRun(rows: readonly ComparisonRow[]): ComparisonRow[] {
  const split = machinesWithSeveralRuns(rows);
  return rows.map((row) => {
    if (row.source.kind !== 'measured' || !split.has(row.machine.key)) return row;
    const { runId, createdAt } = row.source;
    // Two runs in the same minute read alike: the core's table then adds the key, which names the run.
    return {
      ...row,
      machine: {
        ...row.machine,
        key: `${row.machine.key}@${runId}`,
        label: `${row.machine.label} · run of ${runTime(createdAt)}`,
      },
    };
  });
}
