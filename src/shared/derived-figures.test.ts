import { describe, expect, it } from 'vitest';
import { sampleWorkloadResult } from '../core/store/test-support/run-fixture';
import { MAX_CONTAINERS_SHOWN, MAX_DERIVED_NOTES, derivedNoteLines, derivedNotes } from './derived-figures';
import { formatTime } from './format-time';
import type { WorkloadResult } from './result-schema';

const base = sampleWorkloadResult();
const label = base.backend.label;

function result(id: string, derived: Record<string, number>, workloadCase?: string): WorkloadResult {
  return {
    ...base,
    workload: { id: id as WorkloadResult['workload']['id'], size: 'quick', params: {}, case: workloadCase },
    derived,
  };
}

const afterEdit = result(
  'page-reload',
  { p50Seconds: 0.0549, p95Seconds: 0.31, staleAnswersPerEdit: 0 },
  'after-edit',
);
const noEdit = result(
  'page-reload',
  { p50Seconds: 0.0443, p95Seconds: 0.196, firstRequestSeconds: 0.465 },
  'no-edit',
);
const parallel = result('parallel-read', {
  filesPerSecond: 1800,
  container1MedianSeconds: 1.02,
  container2MedianSeconds: 1.1,
  container3MedianSeconds: 1.15,
  container4MedianSeconds: 1.2,
  containers: 4,
  slowestOverFastest: 1.1765,
});

describe('derived figures in words', () => {
  it("says page-reload's p50 and p95 after an edit and without one, in one line per backend", () => {
    expect(derivedNoteLines([noEdit, afterEdit])).toEqual([
      `page-reload · ${label}: p50 54.90 ms, p95 310.0 ms after an edit; ` +
        'p50 44.30 ms, p95 196.0 ms without an edit (first request after the lay 465.0 ms)',
    ]);
  });

  it('says stale pages only when the share was late with an edit', () => {
    const late = { ...afterEdit, derived: { ...afterEdit.derived, staleAnswersPerEdit: 1.5 } };
    expect(derivedNotes([late])[0].text).toBe(
      'p50 54.90 ms, p95 310.0 ms after an edit (1.50 stale pages per edit before the fresh one)',
    );
  });

  it("says parallel-read's slowest container and each one's median", () => {
    expect(derivedNoteLines([parallel])).toEqual([
      `parallel-read · ${label}: 4 containers at once: the slowest one's median 1.200 s, 1.18× the fastest one's; ` +
        "each one's median 1.020 s, 1.100 s, 1.150 s, 1.200 s (the table times each round by its slowest container)",
    ]);
  });

  it('keys notes apart by workload and backend, and says nothing for other workloads', () => {
    const other = {
      ...parallel,
      backend: { ...base.backend, id: 'docker-engine/native/volume', label: 'v' },
    };
    expect(derivedNotes([base, noEdit, parallel, afterEdit, other]).map((n) => n.key)).toEqual([
      `page-reload:${base.backend.id}`,
      `parallel-read:${base.backend.id}`,
      'parallel-read:docker-engine/native/volume',
    ]);
    expect(derivedNotes([base, result('dd-write', { mbPerSecond: 100 })])).toEqual([]);
  });

  it('shows only finite, non-negative figures of known own keys from an untrusted file', () => {
    const junk = (derived: Record<string, unknown>) => ({ ...noEdit, derived }) as unknown as WorkloadResult;
    expect(derivedNotes([junk({ p50Seconds: Number.NaN, p95Seconds: 0.1 })])).toEqual([]);
    expect(derivedNotes([junk({ p50Seconds: -1, p95Seconds: 0.1 })])).toEqual([]);
    expect(derivedNotes([junk({ p50Seconds: '0.1', p95Seconds: 0.1 })])).toEqual([]);
    expect(derivedNotes([junk({ p50Seconds: Infinity, p95Seconds: 0.1 })])).toEqual([]);
    // A key inherited from the prototype is not the file's own.
    const inherited = Object.create({ p50Seconds: 0.1, p95Seconds: 0.2 }) as Record<string, unknown>;
    expect(derivedNotes([junk(inherited)])).toEqual([]);
    expect(derivedNotes([{ ...noEdit, derived: null } as unknown as WorkloadResult])).toEqual([]);
    // A figure that is wrong leaves out that figure, not the note.
    expect(derivedNotes([junk({ p50Seconds: 0.1, p95Seconds: 0.2, firstRequestSeconds: -3 })])[0].text).toBe(
      'p50 100.0 ms, p95 200.0 ms without an edit',
    );
    // Containers are read while they go on unbroken; a gap ends them, junk keys are ignored.
    const gap = result('parallel-read', {
      container1MedianSeconds: 2,
      container3MedianSeconds: 9,
      containerXMedianSeconds: 7,
    });
    expect(derivedNotes([gap])[0].text).toBe(
      "1 container at once: the slowest one's median 2.000 s, 1.00× the fastest one's; each one's median 2.000 s " +
        '(the table times each round by its slowest container)',
    );
  });

  it('bounds the containers and the notes a file can make it print', () => {
    const many = result(
      'parallel-read',
      Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`container${i + 1}MedianSeconds`, i + 1])),
    );
    const text = derivedNotes([many])[0].text;
    expect(text).toMatch(new RegExp(`^more than ${MAX_CONTAINERS_SHOWN} containers at once: `));
    // Only the first ones, and no ratio: the fastest of all is not among what is shown.
    const shown = Array.from({ length: MAX_CONTAINERS_SHOWN }, (_, i) => formatTime(i + 1));
    expect(text).toBe(
      `more than ${MAX_CONTAINERS_SHOWN} containers at once: of the first ${MAX_CONTAINERS_SHOWN}, ` +
        `the slowest one's median ${formatTime(MAX_CONTAINERS_SHOWN)}; each one's median ${shown.join(', ')}, … ` +
        '(the table times each round by its slowest container)',
    );

    const backends = Array.from({ length: MAX_DERIVED_NOTES + 50 }, (_, i) => ({
      ...parallel,
      backend: { ...base.backend, id: `b${i}` },
    }));
    expect(derivedNotes(backends)).toHaveLength(MAX_DERIVED_NOTES);
  });
});
