// page-reload's latency percentiles and parallel-read's per-container times are kept in a result's
// `derived` figures, which no column of the results table shows; these are the words the CLI, the
// dashboard and the Markdown export say them in. A result file is someone else's text: only known
// keys are read, only finite non-negative values are shown, the number of containers and of notes
// is bounded, and every other key is left out here (the CSV export carries each one as it is).
import { formatRatio, formatTime } from './format-time';
import type { WorkloadResult } from './result-schema';

/** Containers read per parallel-read result: the runner starts 4; a file claiming hundreds is not shown whole. */
export const MAX_CONTAINERS_SHOWN = 16;
/** Notes per run; a run has a few, and 10,000 results must not print 10,000 lines under the table. */
export const MAX_DERIVED_NOTES = 200;

export interface DerivedNote {
  /** `page-reload:<backend id>` or `parallel-read[:case]:<backend id>`, unique within a run. */
  key: string;
  workloadId: 'page-reload' | 'parallel-read';
  backendId: string;
  backendLabel: string;
  /** The figures in words, without the workload and backend (each front door prefixes them its way). */
  text: string;
}

/** A figure worth showing: an own key (not one on the prototype) holding a finite value ≥ 0. */
function figure(derived: unknown, key: string): number | null {
  if (typeof derived !== 'object' || derived === null || !Object.hasOwn(derived, key)) return null;
  const value = (derived as Record<string, unknown>)[key];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** `p50 44.30 ms, p95 196.0 ms`, or null when either is missing. */
function percentiles(result: WorkloadResult | undefined): string | null {
  if (!result) return null;
  const p50 = figure(result.derived, 'p50Seconds');
  const p95 = figure(result.derived, 'p95Seconds');
  return p50 === null || p95 === null ? null : `p50 ${formatTime(p50)}, p95 ${formatTime(p95)}`;
}

function pageReloadText(results: readonly WorkloadResult[]): string | null {
  const afterEdit = results.find((r) => r.workload.case === 'after-edit');
  const noEdit = results.find((r) => r.workload.case === 'no-edit');
  const parts: string[] = [];
  const edited = percentiles(afterEdit);
  if (edited) {
    const stale = figure(afterEdit!.derived, 'staleAnswersPerEdit');
    // Said only when it happened: a stale page is the share being late, worth a reader's eye.
    parts.push(
      `${edited} after an edit` +
        (stale !== null && stale > 0
          ? ` (${stale.toFixed(2)} stale pages per edit before the fresh one)`
          : ''),
    );
  }
  const plain = percentiles(noEdit);
  if (plain) {
    const first = figure(noEdit!.derived, 'firstRequestSeconds');
    parts.push(
      `${plain} without an edit` +
        (first !== null ? ` (first request after the lay ${formatTime(first)})` : ''),
    );
  }
  return parts.length ? parts.join('; ') : null;
}

/** Each container's median in order, read only while `container<i>MedianSeconds` goes on unbroken. */
function containerMedians(derived: unknown): { medians: number[]; more: boolean } {
  const medians: number[] = [];
  for (let i = 1; i <= MAX_CONTAINERS_SHOWN; i++) {
    const median = figure(derived, `container${i}MedianSeconds`);
    if (median === null) return { medians, more: false };
    medians.push(median);
  }
  return { medians, more: figure(derived, `container${MAX_CONTAINERS_SHOWN + 1}MedianSeconds`) !== null };
}

function parallelReadText(result: WorkloadResult): string | null {
  const { medians, more } = containerMedians(result.derived);
  if (medians.length === 0) return null;
  const slowest = Math.max(...medians);
  const fastest = Math.min(...medians);
  // Worked out from the medians shown, so the ratio cannot disagree with them.
  const ratio = fastest > 0 && !more ? `, ${formatRatio(slowest / fastest)} the fastest one's` : '';
  const count = more
    ? `more than ${MAX_CONTAINERS_SHOWN} containers`
    : `${medians.length} container${medians.length === 1 ? '' : 's'}`;
  // The table's figure is each round's slowest container, which is not the slowest one's median:
  // said, so the two figures are not read as one.
  return (
    `${count} at once: ${more ? `of the first ${MAX_CONTAINERS_SHOWN}, ` : ''}the slowest one's median ` +
    `${formatTime(slowest)}${ratio}; each one's median ${medians.map(formatTime).join(', ')}${more ? ', …' : ''} ` +
    '(the table times each round by its slowest container)'
  );
}

function noteKey(r: WorkloadResult): string | null {
  // page-reload's two results (no-edit, after-edit) are one note per backend.
  if (r.workload.id === 'page-reload') return `page-reload:${r.backend.id}`;
  if (r.workload.id === 'parallel-read')
    return `parallel-read${r.workload.case ? `:${r.workload.case}` : ''}:${r.backend.id}`;
  return null;
}

/** The notes of a run, in the order its results come, at most MAX_DERIVED_NOTES. */
export function derivedNotes(results: readonly WorkloadResult[]): DerivedNote[] {
  const groups = new Map<string, WorkloadResult[]>();
  for (const r of results) {
    const key = noteKey(r);
    if (!key) continue;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const notes: DerivedNote[] = [];
  for (const [key, list] of groups) {
    if (notes.length >= MAX_DERIVED_NOTES) break;
    // A merged file may hold a result twice: the first one speaks for both.
    const first = list[0];
    const workloadId = first.workload.id as DerivedNote['workloadId'];
    const text = workloadId === 'page-reload' ? pageReloadText(list) : parallelReadText(first);
    if (text)
      notes.push({ key, workloadId, backendId: first.backend.id, backendLabel: first.backend.label, text });
  }
  return notes;
}

/** `page-reload · bind mount · native: p50 …`: one line per note, for the terminal and the exports. */
export function derivedNoteLines(results: readonly WorkloadResult[]): string[] {
  return derivedNotes(results).map((n) => `${n.workloadId} · ${n.backendLabel}: ${n.text}`);
}

/** The heading the notes go under, the same in every front door. */
export const DERIVED_NOTES_TITLE = 'Page latency and per-container times';
