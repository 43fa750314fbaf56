// Two figures for the same backend and workload on one machine (two runs of it, or a run and a
// published figure) would rank the backend against itself. One is kept, by a stated rule, and the
// caveat says which.
import type { ComparisonRow } from '../../shared/comparison';
import { formatTime as formatSeconds } from '../../shared/format-time';

export interface PickedRows {
  rows: ComparisonRow[];
  caveats: string[];
}

function sourceName(row: ComparisonRow): string {
  return row.source.kind === 'measured' ? `run ${row.source.runId}` : row.source.title;
}

function describe(row: ComparisonRow): string {
  return `${sourceName(row)} (${row.runs} runs, mean ${formatSeconds(row.mean)})`;
}

/** Newer first among measured rows; measured rows before published ones. */
function createdAt(row: ComparisonRow): string {
  return row.source.kind === 'measured' ? row.source.createdAt : '';
}

/** Prefers more runs (a firmer figure), then a measurement over a published figure, then the newer run. */
function better(a: ComparisonRow, b: ComparisonRow): boolean {
  if (a.runs !== b.runs) return a.runs > b.runs;
  if (a.source.kind !== b.source.kind) return a.source.kind === 'measured';
  return createdAt(a) > createdAt(b);
}

export function pickOnePerBackendAndWorkload(rows: readonly ComparisonRow[]): PickedRows {
  const kept = new Map<string, ComparisonRow>();
  const dropped = new Map<string, ComparisonRow[]>();
  for (const row of rows) {
    const id = `${row.backend.key}\u0000${row.workload.key}`;
    const current = kept.get(id);
    if (!current) {
      kept.set(id, row);
      continue;
    }
    const [keep, drop] = better(row, current) ? [row, current] : [current, row];
    kept.set(id, keep);
    dropped.set(id, [...(dropped.get(id) ?? []), drop]);
  }
  const caveats = [...dropped.entries()].map(([id, drops]) => {
    const keep = kept.get(id) as ComparisonRow;
    return (
      `${drops.length + 1} figures for ${keep.backend.label} on ${keep.workload.key}: ` +
      `used the one from ${describe(keep)}, left out ${drops.map(describe).join(', ')}.`
    );
  });
  return { rows: [...kept.values()], caveats };
}
