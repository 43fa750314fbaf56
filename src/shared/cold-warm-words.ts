// Cold and warm are different results (docs/methodology.md), said the same way by the CLI, the
// dashboard and the Markdown export: which mode the figures are, and the user's own build's first
// run after its project was laid, apart from the rest.
import { formatTime } from './format-time';
import type { WorkloadResult } from './result-schema';

const SCOPE_WORDS = {
  vm: "the engine VM's page cache",
  'host-kernel': "this machine's page cache (the engine shares its kernel)",
} as const;

/** One sentence when any figure is cold-cache; null when every figure is warm. */
export function coldCacheNote(results: readonly WorkloadResult[]): string | null {
  const scope = results.find((r) => r.coldCache)?.coldCache;
  if (!scope) return null;
  const warm = results.filter((r) => !r.coldCache).map((r) => r.backend.label);
  return (
    `Cold cache: ${SCOPE_WORDS[scope]} was dropped before every sample` +
    (warm.length ? `; ${[...new Set(warm)].join(', ')} ran warm.` : '.')
  );
}

/** The custom workload's first (cold) run on each backend, beside its warm median. */
export function firstRunLines(results: readonly WorkloadResult[]): string[] {
  return results
    .filter((r) => r.workload.id === 'custom' && r.firstRun)
    .map((r) => {
      const first = r.firstRun!;
      const mode = r.coldCache ? 'cold-cache median' : 'median';
      return (
        `${r.backend.label}: first run after the project was laid ${formatTime(first.seconds)}, ` +
        `then a ${mode} of ${formatTime(r.stats.median)}` +
        (first.differs ? ' (the first run is outside what the others explain)' : '')
      );
    });
}
