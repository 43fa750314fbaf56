import { describe, expect, it } from 'vitest';
import { perOpSpread } from '../../../shared/per-op';
import type { MachineInfo, WorkloadResult } from '../../../shared/result-schema';
import { PUBLISHED_ROWS, QUICK_RUN_ROWS, WORKLOADS } from '../test-support/recorded-api-data';
import { QUICK_RUN } from '../test-support/recorded-runs';
import {
  compareCharts,
  groupByMachine,
  machineGroupLabel,
  m1VsIntelKeys,
  publishedMachines,
  shortMachineName,
} from './compare-data';
import { groupedBars } from './grouped-bars';
import { architectureWords, machineLine, rosettaNote } from './machine-words';
import { hostRatios, hostRatioWords, perOpSeconds, resultBars, resultsByWorkload } from './result-figures';
import { workloadCaseWords } from './size-words';
import { backendStateWords, samplesRuleNote } from './state-words';

const done = QUICK_RUN.at(-1);
const results: WorkloadResult[] = done?.type === 'run-done' ? done.run.results : [];

describe('result figures', () => {
  it('groups by workload, fastest first', () => {
    const groups = resultsByWorkload(results);
    expect(groups.map(([key]) => key)).toEqual([
      'dd-write',
      'buffered-read:128',
      'buffered-read:1024',
      'sync-latency',
    ]);
    for (const [, list] of groups) {
      expect(list.map((r) => r.stats.mean)).toEqual([...list.map((r) => r.stats.mean)].sort((a, b) => a - b));
    }
  });

  it('relates each backend to the host on the same workload', () => {
    const ratios = hostRatios(results);
    const fuse = results.find(
      (r) => r.backend.id === 'docker-engine/fuse/bind' && r.workload.id === 'dd-write',
    )!;
    const host = results.find((r) => r.backend.id === 'host' && r.workload.id === 'dd-write')!;
    expect(ratios.get(fuse)).toBeCloseTo(fuse.stats.mean / host.stats.mean, 12);
    expect(ratios.has(host)).toBe(false);
    expect(hostRatioWords(3.21)).toBe('3.2× host time');
    expect(hostRatioWords(0.5)).toBe('2.0× faster than host');
    expect(hostRatioWords(0.99)).toBe('≈ host time');
  });

  it('gives a per-op time only for batched workloads', () => {
    const buffered = results.find((r) => r.workload.case === '128')!;
    expect(perOpSeconds(buffered)).toBeCloseTo(buffered.stats.mean / 32768, 15);
    expect(perOpSeconds(results.find((r) => r.workload.id === 'dd-write')!)).toBeNull();
  });

  it('makes one bar group per workload and one series per backend, hiding what is hidden', () => {
    const titles = new Map([['dd-write', 'dd write']]);
    const { series, groups, slots } = groupedBars(resultBars(results, titles, new Set(['host'])));
    expect(series.map((s) => s.label)).toEqual([
      'bind mount · native',
      'tmpfs',
      'bind mount · FUSE share (bindfs)',
    ]);
    expect(groups.map((g) => g.label)).toEqual([
      'dd write',
      'buffered-read (128 B reads)',
      'buffered-read (1 KiB reads)',
      'sync-latency',
    ]);
    const dd = results.find(
      (r) => r.backend.id === 'docker-engine/native/bind' && r.workload.id === 'dd-write',
    )!;
    expect(slots[0]).toMatchObject({ group: 'dd-write', series: dd.backend.id, mean: dd.stats.mean });
    expect(slots[0].err).toEqual([dd.stats.stddev, dd.stats.stddev]);
  });

  it('keeps the lower whisker above zero on a log axis', () => {
    const { slots } = groupedBars(
      [{ group: 'g', groupLabel: 'g', series: 'a', seriesLabel: 'a', mean: 1, stddev: 3 }],
      true,
    );
    expect(slots[0].err).toEqual([0.9, 3]);
  });

  it('gives a group only the bars it has, so they sit together under its label', () => {
    const bar = (group: string, series: string) => ({
      group,
      groupLabel: group,
      series,
      seriesLabel: series,
      mean: 1,
      stddev: null,
    });
    // The second machine lacks backend b: no empty slot is left for it.
    const { groups, slots } = groupedBars([
      bar('m1', 'a'),
      bar('m1', 'b'),
      bar('m1', 'c'),
      bar('intel', 'a'),
      bar('intel', 'c'),
    ]);
    expect(slots.map((s) => s.series)).toEqual(['a', 'b', 'c', null, 'a', 'c']);
    expect(groups).toEqual([
      { group: 'm1', label: 'm1', first: 0, count: 3 },
      { group: 'intel', label: 'intel', first: 4, count: 2 },
    ]);
    // Hiding a series closes its slots up too; a group left with no bar has no label.
    const hidden = groupedBars([bar('m1', 'a'), bar('m1', 'b'), bar('intel', 'b')], false, new Set(['b']));
    expect(hidden.slots.map((s) => s.series)).toEqual(['a']);
    expect(hidden.groups.map((g) => g.group)).toEqual(['m1']);
  });
});

describe('compare data', () => {
  it('lays out the published M1 Pro against the Intel 2017 Mac', () => {
    const keys = m1VsIntelKeys(PUBLISHED_ROWS);
    const rows = PUBLISHED_ROWS.filter((r) => keys.includes(r.machine.key));
    const machines = groupByMachine(rows);
    expect(machines.map(shortMachineName)).toEqual(['Apple M1 Pro (2021)', 'Intel Core i7 2.9 GHz (2017)']);
    const charts = compareCharts(rows);
    expect(charts.map((c) => c.workloadKey)).toEqual(['small-file-read', 'dd-write']);
    const { series, groups } = groupedBars(charts[0].bars);
    expect(series.map((s) => s.label)).toEqual([
      'Docker Desktop · gRPC FUSE · bind',
      'Docker Desktop · VirtioFS · bind',
      'Docker Desktop · gRPC FUSE · mutagen',
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Apple M1 Pro (2021)', 'Intel Core i7 2.9 GHz (2017)']);
  });

  it('lists every published machine once, with its source', () => {
    const machines = publishedMachines(PUBLISHED_ROWS);
    // Nine from the 2017–2024 write-ups; paolomainardi-2025's M4 Pro and Linux workstation, and
    // ddev's macOS agent of August 2026.
    expect(machines).toHaveLength(12);
    expect(machines.reduce((n, m) => n + m.rows, 0)).toBe(PUBLISHED_ROWS.length);
  });

  it('compares measured batched rows per operation', () => {
    const row = QUICK_RUN_ROWS.find((r) => r.workload.key === 'buffered-read:128')!;
    expect(perOpSpread(row).mean).toBeCloseTo(row.mean / row.opsPerSample, 15);
    expect(groupByMachine(QUICK_RUN_ROWS)[0].sources[0]).toMatch(/^measured \d+ \w+ \d{4}$/);
  });

  it('shows two runs of one machine side by side, each named by its date, not on the same bars', () => {
    const later = QUICK_RUN_ROWS.map((r) => ({
      ...r,
      mean: r.mean * 2,
      source: { kind: 'measured' as const, runId: 'run-later', createdAt: '2026-12-01T09:30:00.000Z' },
    }));
    const rows = [...QUICK_RUN_ROWS, ...later];
    const machines = groupByMachine(rows);
    expect(machines).toHaveLength(2);
    expect(machines[1].key).toBe(`${QUICK_RUN_ROWS[0].machine.key}@run-later`);
    expect(machines[1].rows).toHaveLength(later.length);
    expect(machineGroupLabel(machines[1])).toMatch(/ · run of 1 Dec 2026, \d\d:30$/);
    const chart = compareCharts(rows)[0];
    // Every row is its own bar: one group per run, the same backends in each.
    const { groups } = groupedBars(chart.bars);
    expect(groups).toHaveLength(2);
    expect(new Set(groups.map((g) => g.label)).size).toBe(2);
    // One run alone keeps the plain machine name.
    expect(machineGroupLabel(groupByMachine(QUICK_RUN_ROWS)[0])).toBe(QUICK_RUN_ROWS[0].machine.label);
  });
});

describe('words', () => {
  const mac: MachineInfo = {
    chip: 'Apple M1 Pro',
    arch: 'arm64',
    processArch: 'x64',
    rosetta: true,
    cores: 10,
    memoryBytes: 32 * 1024 ** 3,
    os: { platform: 'darwin', name: 'macOS', version: '14.5', kernel: 'Darwin 23.5.0' },
  };

  it('says Apple silicon even under Rosetta, and says Rosetta', () => {
    expect(architectureWords(mac)).toBe('Apple silicon (arm64)');
    expect(rosettaNote(mac)).toBe('Mountbench runs as x64 under Rosetta; the hardware is arm64.');
    expect(machineLine(mac)).toBe('Apple M1 Pro · Apple silicon (arm64) · 10 cores · 32 GiB · macOS 14.5');
    expect(rosettaNote({ ...mac, rosetta: false })).toBeNull();
  });

  it('describes cases', () => {
    expect(workloadCaseWords('buffered-read', '1024')).toBe('buffered-read (1 KiB reads)');
  });
});

describe('backend state words', () => {
  const base = { id: 'x', label: 'x', workloadCase: null, errors: [] };
  const request = {
    mounts: ['bind' as const],
    workloads: ['dd-write' as const],
    size: 'quick' as const,
    runs: 3,
    warmup: 1,
  };

  it('says k of n in plain words: warm-ups, timed samples, sync-latency edits, and "at most" when a rule may stop sooner', () => {
    const ddTitle = WORKLOADS.find((w) => w.id === 'dd-write')!.title;
    expect(
      backendStateWords({ ...base, state: 'warmup', workloadId: 'dd-write', count: 1 }, request, WORKLOADS),
    ).toBe(`warm-up 1 of 1 · ${ddTitle}`);
    expect(
      backendStateWords({ ...base, state: 'running', workloadId: 'dd-write', count: 2 }, request, WORKLOADS),
    ).toBe(`sample 2 of 3 · ${ddTitle}`);
    expect(
      backendStateWords(
        { ...base, state: 'running', workloadId: 'sync-latency', count: 4 },
        request,
        WORKLOADS,
      ),
    ).toMatch(/^edit 4 of 10 · /);
    // page-reload counts its size's requests, then its edits (its sizes as the core lists them).
    const withPage = [
      ...WORKLOADS,
      {
        ...WORKLOADS[0],
        id: 'page-reload' as const,
        title: 'Page reload',
        sizes: {
          default: { files: 400, requests: 300, edits: 200 },
          quick: { files: 100, requests: 30, edits: 5 },
        },
      },
    ];
    expect(
      backendStateWords(
        { ...base, state: 'running', workloadId: 'page-reload', workloadCase: 'no-edit', count: 7 },
        request,
        withPage,
      ),
    ).toMatch(/^request 7 of 30 · /);
    expect(
      backendStateWords(
        { ...base, state: 'running', workloadId: 'page-reload', workloadCase: 'after-edit', count: 2 },
        request,
        withPage,
      ),
    ).toMatch(/^edit 2 of 5 · /);
    expect(
      backendStateWords(
        { ...base, state: 'running', workloadId: 'dd-write', count: 12 },
        { ...request, adaptive: true, runs: 10, maxRuns: 50 },
        WORKLOADS,
      ),
    ).toMatch(/^sample 12 of at most 50 · /);
    // A race without a cap stops at 30 at most, the core's default (shared/race-samples.ts).
    expect(
      backendStateWords(
        { ...base, state: 'running', workloadId: 'dd-write', count: 11 },
        { ...request, race: true },
        WORKLOADS,
      ),
    ).toMatch(/^sample 11 of at most 30 · /);
    expect(
      backendStateWords({ ...base, state: 'running', workloadId: 'dd-write', count: 2 }, null, WORKLOADS),
    ).toMatch(/^sample 2 · /);
    expect(
      backendStateWords(
        { ...base, state: 'failed', workloadId: null, count: 0, errors: ['custom: exit code 3'] },
        request,
        WORKLOADS,
      ),
    ).toBe('failed: custom: exit code 3');
    // No slash-and-dash shorthand ("11/3–20") is left in any of them.
    for (const state of ['warmup', 'running'] as const)
      expect(
        backendStateWords(
          { ...base, state, workloadId: 'dd-write', count: 5 },
          { ...request, race: true, maxRuns: 20 },
          WORKLOADS,
        ),
      ).not.toMatch(/\d\/\d|\d–\d/);
  });

  it('puts the rule behind "at most" in a note: a race\'s least, most and lone-backend samples; the adaptive stop', () => {
    expect(samplesRuleNote(null)).toBeNull();
    expect(samplesRuleNote(request)).toBeNull();
    const race = samplesRuleNote({ ...request, race: true, maxRuns: 20 })!;
    expect(race).toContain('at least 3 and at most 20 timed samples');
    expect(race).toContain('alone in its role');
    expect(race).toContain('at least 10');
    expect(samplesRuleNote({ ...request, adaptive: true, runs: 10, maxRuns: 50 })).toContain(
      'at least 10 and at most 50',
    );
  });
});
