import { describe, expect, it } from 'vitest';
import type { ComparisonRow } from '../../../shared/comparison';
import { runFileOf } from '../test-support/fake-api';
import { QUICK_RUN_RECOMMENDATIONS, QUICK_RUN_ROWS } from '../test-support/recorded-api-data';
import { QUICK_RUN } from '../test-support/recorded-runs';
import { compareCardModel, MAX_PANELS, runCardModel } from './share-card-model';
import { verdictOf } from './verdict';

const run = runFileOf(QUICK_RUN);
const titles = new Map<string, string>();

describe('runCardModel', () => {
  it('carries the machine, engine, verdict, one panel per workload and the provenance', () => {
    const rec = QUICK_RUN_RECOMMENDATIONS.balanced[0];
    const card = runCardModel(run, verdictOf(run, rec), titles, '0.1.0');
    expect(card.title).toContain('AMD EPYC');
    expect(card.subtitle).toMatch(/^Docker Engine 20\.10\.24/);
    expect(card.verdict.text.startsWith(verdictOf(run, rec).sentence)).toBe(true);
    const workloads = new Set(run.results.map((r) => `${r.workload.id}${r.workload.case ?? ''}`));
    expect(card.panels.length + card.more).toBe(workloads.size);
    expect(card.panels.length).toBeLessThanOrEqual(MAX_PANELS);
    expect(card.provenance).toMatch(
      /counts set by hand · quick size · .* · run \d{4}-\d{2}-\d{2} · Mountbench 0\.1\.0$/,
    );
  });
});

describe('runCardModel: the host cost', () => {
  it('gives a bar whose share has host processes its CPU as a second figure, and says what it is', () => {
    const [first, ...rest] = run.results;
    const served = {
      ...first,
      serving: { processes: ['bindfs (FUSE daemon)'], cpuSeconds: [0.4, 0.5], peakRssBytes: 4e6 },
    };
    const card = runCardModel(
      { ...run, results: [served, ...rest] },
      verdictOf(run, QUICK_RUN_RECOMMENDATIONS.balanced[0]),
      titles,
      '0.1.0',
    );
    const rows = card.panels.flatMap((p) => p.rows);
    expect(rows.find((r) => r.series === first.backend.id && r.hostCost !== null)?.hostCost).toBe(
      '450.0 ms host CPU',
    );
    expect(rows.filter((r) => r.hostCost !== null)).toHaveLength(1);
    expect(card.legend).toMatch(/host CPU: what the share's host processes .* spent a run$/);
    // Without any, the legend says nothing of it.
    expect(
      runCardModel(run, verdictOf(run, QUICK_RUN_RECOMMENDATIONS.balanced[0]), titles, '0.1.0').legend,
    ).not.toMatch(/host CPU/);
  });
});

describe('compareCardModel', () => {
  const measured = QUICK_RUN_ROWS.filter((r) => r.source.kind === 'measured' && r.workload.id === 'dd-write');
  const published: ComparisonRow = {
    ...measured[0],
    source: { kind: 'published', sourceId: 's', title: 'A write-up', url: null },
    machine: {
      key: 'published:s/m1',
      label: 'MacBook Pro, Apple M1 Pro',
      chip: 'Apple M1 Pro',
      arch: 'arm64',
    },
    workload: { ...measured[0].workload, size: undefined },
  };

  it('marks every bar of a panel that mixes quick and default sizes, and says so first', () => {
    const card = compareCardModel([...measured, published], titles, '0.1.0', '2026-12-01');
    const panel = card.panels[0];
    expect(panel.title).toMatch(/quick \+ default size \(not comparable\)$/);
    expect(panel.rows.map((r) => r.badge)).toEqual([...measured.map(() => 'quick size'), null]);
    expect(card.verdict).toMatchObject({
      state: 'undecided',
      text: expect.stringMatching(/^Sizes are mixed/),
    });
    expect(card.provenance).toMatch(/card 2026-12-01 · Mountbench 0\.1\.0$/);
  });

  it('names the fastest bar when the sizes agree', () => {
    const card = compareCardModel(measured, titles, '0.1.0', '2026-12-01');
    expect(card.panels[0].rows.every((r) => r.badge === null)).toBe(true);
    const fastest = [...measured]
      .filter((r) => r.backend.mount !== 'host')
      .sort((a, b) => a.mean - b.mean)[0];
    expect(card.verdict.text).toContain(fastest.backend.label);
  });
});
