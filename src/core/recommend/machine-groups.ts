// A ranking only means something on one machine: an M1 against an Intel Mac is a comparison of
// machines, not of file-sharing settings. Rows are grouped per machine, or refused when mixed.
import type { ComparisonRow } from '../../shared/comparison';
import { MountbenchError } from '../../shared/errors';

export type MachineRef = ComparisonRow['machine'];

export interface MachineGroup {
  machine: MachineRef;
  rows: ComparisonRow[];
}

/** Rows per machine, machines in the order they first appear. */
export function groupByMachine(rows: readonly ComparisonRow[]): MachineGroup[] {
  const groups = new Map<string, MachineGroup>();
  for (const row of rows) {
    const group = groups.get(row.machine.key);
    if (group) group.rows.push(row);
    else groups.set(row.machine.key, { machine: row.machine, rows: [row] });
  }
  return [...groups.values()];
}

/** The one machine all rows come from; a clear error naming them when there are several. */
export function singleMachine(rows: readonly ComparisonRow[]): MachineRef {
  const groups = groupByMachine(rows);
  if (groups.length === 0) throw new MountbenchError('BAD_INPUT', 'there are no results to rank');
  if (groups.length > 1) {
    const names = groups.map((g) => `${g.machine.label} (${g.rows.length} results)`).join('; ');
    throw new MountbenchError(
      'BAD_INPUT',
      `results come from ${groups.length} machines: ${names}. Backends are ranked on one machine at a time: recommend per machine instead.`,
    );
  }
  return groups[0].machine;
}
