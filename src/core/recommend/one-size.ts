// A quick-size run and a default-size run of the same workload time different amounts of work, so
// their ratio says nothing about the backends. Per workload, one fixture size is kept (the one
// most backends ran; on a tie, the default, which is what the published figures used).
import type { ComparisonRow } from '../../shared/comparison';
import type { PickedRows } from './pick-rows';

/** Published figures carry no size: they used the sizes `default` copies. */
function sizeOf(row: ComparisonRow): string {
  return row.workload.size ?? 'default';
}

export function keepOneSizePerWorkload(rows: readonly ComparisonRow[]): PickedRows {
  const sizes = new Map<string, Map<string, Set<string>>>();
  for (const row of rows) {
    const bySize = sizes.get(row.workload.key) ?? new Map<string, Set<string>>();
    bySize.set(sizeOf(row), (bySize.get(sizeOf(row)) ?? new Set()).add(row.backend.key));
    sizes.set(row.workload.key, bySize);
  }
  const chosen = new Map<string, string>();
  for (const [key, bySize] of sizes) {
    const [best] = [...bySize.entries()].sort(
      ([a, sa], [b, sb]) => sb.size - sa.size || Number(b === 'default') - Number(a === 'default'),
    );
    chosen.set(key, best[0]);
  }
  const kept = rows.filter((r) => sizeOf(r) === chosen.get(r.workload.key));
  const caveats = [...sizes.entries()]
    .filter(([, bySize]) => bySize.size > 1)
    .map(([key, bySize]) => {
      const left = [...bySize.keys()].filter((s) => s !== chosen.get(key));
      return `${key} was run at several sizes: ranked the ${chosen.get(key)} size, left out ${left.join(', ')} (sizes do not compare).`;
    });
  return { rows: kept, caveats };
}
