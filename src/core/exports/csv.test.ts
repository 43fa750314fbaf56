import { describe, expect, it } from 'vitest';
import { runCsv } from './csv';
import { readCsv } from './test-support/read-csv';
import { exportTestRun } from './test-support/export-test-run';

function table(text: string): Record<string, string>[] {
  const [header, ...rows] = readCsv(text);
  for (const row of rows) expect(row).toHaveLength(header.length);
  return rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i]])));
}

const num = (s: string): number | null => (s === '' ? null : Number(s));

describe('runCsv', () => {
  const run = exportTestRun();
  const text = runCsv(run);
  const rows = table(text);

  it('has a header row with units and one row per result', () => {
    const header = readCsv(text)[0];
    expect(header).toEqual(
      expect.arrayContaining(['mean_s', 'stddev_s', 'median_s', 'min_s', 'max_s', 'samples_s']),
    );
    expect(header.slice(-3)).toEqual(['mb_per_second', 'ns_per_op', 'samples_s']);
    expect(rows).toHaveLength(run.results.length);
  });

  it('names the role each backend is compared in', () => {
    expect(readCsv(text)[0].slice(7, 9)).toEqual(['mount', 'role']);
    const mixed = exportTestRun();
    mixed.results[0] = { ...mixed.results[0], backend: { ...mixed.results[0].backend, mount: 'tmpfs' } };
    mixed.results[1] = { ...mixed.results[1], backend: { ...mixed.results[1].backend, mount: 'host' } };
    const roles = table(runCsv(mixed)).map((row) => [row.mount, row.role]);
    expect(roles[0]).toEqual(['tmpfs', 'container-data']);
    expect(roles[1]).toEqual(['host', '']);
    expect(roles.slice(2).every(([mount, role]) => mount === 'bind' && role === 'source-tree')).toBe(true);
  });

  it('reads back to the same numbers', () => {
    run.results.forEach((r, i) => {
      const row = rows[i];
      expect(
        [row.mean_s, row.stddev_s, row.median_s, row.min_s, row.max_s, row.user_s, row.system_s].map(num),
      ).toEqual([
        r.stats.mean,
        r.stats.stddev,
        r.stats.median,
        r.stats.min,
        r.stats.max,
        r.stats.user,
        r.stats.system,
      ]);
      expect(row.samples_s.split(' ').map(Number)).toEqual(r.stats.samples);
      expect(num(row.runs)).toBe(r.stats.runs);
      expect(num(row.ops_per_sample)).toBe(r.opsPerSample ?? 1);
      expect(num(row.first_run_s)).toBe(r.firstRun?.seconds ?? null);
      expect(num(row.executions_per_sample)).toBe(r.executionsPerSample ?? 1);
      expect(row.sample_method).toBe(r.sampleMethod ?? 'spaced');
    });
    expect(num(rows[1].mb_per_second)).toBe(16.8);
    expect(rows[0].mb_per_second).toBe('');
    expect(num(rows[2].ns_per_op)).toBe(61035.15625);
  });

  it('says how each sample was taken, defaults written out', () => {
    expect(rows.map((row) => [row.executions_per_sample, row.sample_method])).toEqual([
      ['1', 'spaced'],
      ['4', 'back-to-back'],
      ['1', 'spaced'],
    ]);
  });

  it('quotes commas and quotes, and ends records with CRLF', () => {
    expect(rows[1].backend).toBe('Docker Engine, "fuse", bind, slow');
    expect(text).toContain(',"Docker Engine, ""fuse"", bind, slow",');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('keeps a line break inside a quoted field', () => {
    const broken = exportTestRun();
    broken.results[0].backend.label = 'two\r\nlines';
    expect(table(runCsv(broken))[0].backend).toBe('two\r\nlines');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    const hostile = exportTestRun();
    hostile.results[0].backend.label = '=HYPERLINK("http://evil.example","x")';
    hostile.results[1].fsType = '+cmd';
    const back = table(runCsv(hostile));
    expect(back[0].backend).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(back[1].fs_type).toBe("'+cmd");
  });
});

describe('runCsv with a sync mount', () => {
  const plain = exportTestRun();
  const synced = exportTestRun();
  synced.results[0] = {
    ...synced.results[0],
    backend: {
      ...synced.results[0].backend,
      id: 'docker-engine/native/mutagen',
      mount: 'mutagen',
      label: 'mutagen sync',
    },
    sync: { tool: 'mutagen', initialSeconds: 1.25, flushSeconds: [0.5, 0.25, 0.75] },
  };

  it('adds the sync tool columns only to runs that have a sync mount', () => {
    expect(readCsv(runCsv(plain))[0]).not.toContain('sync_tool');
    const header = readCsv(runCsv(synced))[0];
    expect(header.slice(-5)).toEqual([
      'sync_tool',
      'sync_initial_s',
      'sync_flush_median_s',
      'sync_flushes_s',
      'samples_s',
    ]);
  });

  it('writes the initial sync, the median flush and every flush; empty cells elsewhere', () => {
    const rows = table(runCsv(synced));
    expect([
      rows[0].sync_tool,
      rows[0].sync_initial_s,
      rows[0].sync_flush_median_s,
      rows[0].sync_flushes_s,
    ]).toEqual(['mutagen', '1.25', '0.5', '0.5 0.25 0.75']);
    expect(rows[1].sync_tool).toBe('');
  });
});
