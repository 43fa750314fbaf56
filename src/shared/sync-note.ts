// The sync tool's own times of a result on a sync mount, in one line for tables and exports. They
// are timed apart from the samples (docs/methodology.md), so they are shown beside them, never in.
import { formatTime } from './format-time';
import type { WorkloadResult } from './result-schema';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function flushMedianSeconds(result: WorkloadResult): number | null {
  const flushes = result.sync?.flushSeconds ?? [];
  return flushes.length ? median(flushes) : null;
}

/** `mutagen: initial sync 1.200 s; write-back flush 310.0 ms median of 5; host holds 1 file (20.5 MB)`, or null. */
export function syncNote(result: WorkloadResult): string | null {
  const sync = result.sync;
  if (!sync) return null;
  const parts = [`initial sync ${formatTime(sync.initialSeconds)}`];
  const flush = flushMedianSeconds(result);
  if (flush !== null)
    parts.push(`write-back flush ${formatTime(flush)} median of ${sync.flushSeconds.length}`);
  // Said rather than timed: a one-way copy has no write-back, so no figure could mean one.
  if (sync.oneWay) parts.push('one-way copy: no write-back to the host');
  if (sync.writeBack) {
    const { files, bytes } = sync.writeBack;
    parts.push(
      `host holds ${files} file${files === 1 ? '' : 's'} (${(bytes / 1e6).toFixed(1)} MB) after the flush`,
    );
  }
  return `${sync.tool}: ${parts.join('; ')}`;
}

/** One line per result that has sync times, labelled like the warnings. */
export function syncNoteLines(results: WorkloadResult[]): string[] {
  return results.flatMap((r) => {
    const note = syncNote(r);
    return note
      ? [`${r.backend.label} / ${r.workload.id}${r.workload.case ? ` (${r.workload.case})` : ''}: ${note}`]
      : [];
  });
}
