// The 2025-2026 published figures (paolomainardi's npm install table, ddev's nightly Drupal installs)
// checked against the raw data they were copied from (test/fixtures/published/README.md), and shown
// in Compare beside the others whether or not Mountbench knows their product yet.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePublishedResults, type PublishedSource } from './published';
import { rowsFromPublished } from './rows-from-published';
import publishedJson from '../../../resources/published-results.json';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/published');
const file = parsePublishedResults(publishedJson, 'resources/published-results.json');
const source = (id: string): PublishedSource => {
  const found = file.sources.find((s) => s.id === id);
  if (!found) throw new Error(`no source ${id}`);
  return found;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** `00:00:03:868` → 3.868 s; `00:00:03:63` → 3.63 s (the last field is a fraction of 2 or 3 digits). */
function csvSeconds(text: string): number {
  const m = /^(\d\d):(\d\d):(\d\d):(\d{2,3})$/.exec(text);
  if (!m) throw new Error(`not a time: ${text}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 10 ** m[4].length;
}

const PLATFORM = {
  Lima: { engine: 'Lima 1.0.3', fileSharing: 'VirtioFS', vm: 'VZ' },
  'Docker - VZ': { engine: 'Docker Desktop 4.37.1', fileSharing: 'VirtioFS', vm: 'VZ' },
  'Docker - VMM': { engine: 'Docker Desktop 4.37.1', fileSharing: 'VirtioFS', vm: 'Docker VMM' },
  'Docker - VZ + file sync': {
    engine: 'Docker Desktop 4.37.1',
    fileSharing: 'VirtioFS + synchronized file shares',
    vm: 'VZ',
  },
  'Docker - OrbStack': { engine: 'OrbStack 1.9.2', fileSharing: 'default', vm: undefined },
  'Docker - Linux': { engine: 'Docker on Linux 27.3.1', fileSharing: 'none', vm: undefined },
} as const;
const MOUNT = {
  'Docker: No volumes': 'layer',
  'Docker: Bind mount + volume': 'bind+node_modules-volume',
  'Docker: bind mount': 'bind',
} as const;

describe('paolomainardi 2025 (npm install, M4 Pro)', () => {
  // The CSV is kept as published, with CRLF line ends.
  const csv = readFileSync(path.join(FIXTURES, 'paolomainardi-2025-docker-mac-bench.csv'), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(','));
  const pm = source('paolomainardi-2025');

  it('ships every row of the CSV once, with its three times and their mean', () => {
    expect(pm.results).toHaveLength(csv.length);
    for (const [platform, , test, ...times] of csv) {
      const seconds = times.map(csvSeconds);
      const p = PLATFORM[platform as keyof typeof PLATFORM];
      const matches = pm.results.filter((r) =>
        test === 'Native'
          ? r.mount === 'host' && r.note?.includes(`${platform} · Native`)
          : r.engine === p.engine &&
            r.fileSharing === p.fileSharing &&
            r.vm === p.vm &&
            r.mount === MOUNT[test as keyof typeof MOUNT],
      );
      expect(matches, `${platform} · ${test}`).toHaveLength(1);
      const [row] = matches;
      expect(row.samples).toHaveLength(3);
      seconds.forEach((s, i) => expect(row.samples?.[i]).toBeCloseTo(s, 6));
      expect(row.runs).toBe(3);
      expect(row.mean).toBeCloseTo(mean(seconds), 3);
      expect(row.workload).toBe('npm-install');
    }
  });

  it('has the means the write-up quotes for the bind mounts', () => {
    const bind = (fileSharing: string, vm: string) =>
      pm.results.find(
        (r) =>
          r.engine.startsWith('Docker Desktop') &&
          r.vm === vm &&
          r.fileSharing === fileSharing &&
          r.mount === 'bind',
      )?.mean;
    expect(bind('VirtioFS + synchronized file shares', 'VZ')).toBeCloseTo(3.883, 3);
    expect(bind('VirtioFS', 'VZ')).toBeCloseTo(9.53, 3);
    expect(bind('VirtioFS', 'Docker VMM')).toBeCloseTo(8.466, 3);
  });
});

describe('ddev nightly, August 2026 (Drupal web install, macOS arm64)', () => {
  const lines = readFileSync(path.join(FIXTURES, 'ddev-nightly-2026-08-darwin.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.trim().split(/\s+/));
  const LEGS = [
    ['Docker Desktop', 'mutagen'],
    ['Colima', 'mutagen'],
    ['Lima', 'mutagen'],
    ['OrbStack', 'mutagen'],
    ['Podman (rootless)', 'mutagen'],
    ['Rancher Desktop', 'mutagen'],
    ['OrbStack', 'bind'],
  ] as const;
  const ddev = source('ddev-nightly-2026-08');

  it("ships each leg's nightly figures in order, and their mean", () => {
    expect(ddev.results).toHaveLength(LEGS.length);
    LEGS.forEach(([engine, mount], i) => {
      const nights = lines
        .map((l) => l[i + 1])
        .filter((v) => v !== '-')
        .map(Number);
      const row = ddev.results.find((r) => r.engine === engine && r.mount === mount);
      expect(row, `${engine} ${mount}`).toBeDefined();
      expect(row?.samples).toEqual(nights);
      expect(row?.runs).toBe(nights.length);
      expect(row?.mean).toBeCloseTo(mean(nights), 3);
      expect(row?.workload).toBe('drupal-install');
    });
  });
});

describe('the new rows in Compare', () => {
  const rows = rowsFromPublished(file).filter(
    (r) =>
      r.source.kind === 'published' &&
      ['paolomainardi-2025', 'ddev-nightly-2026-08'].includes(r.source.sourceId),
  );

  it('show with their published label, a product where one is known, and no product where none is', () => {
    expect(rows).toHaveLength(24 + 7);
    const label = (l: string) => rows.filter((r) => r.backend.label === l);
    const sync = label('Docker Desktop 4.37.1 · VZ + VirtioFS + synchronized file shares · bind');
    expect(sync).toHaveLength(1);
    expect(sync[0].backend.provider).toBe('docker-desktop');
    expect(sync[0].min).toBeCloseTo(3.827, 3);
    expect(sync[0].max).toBeCloseTo(3.942, 3);
    const hybrid = label('Lima 1.0.3 · VZ + VirtioFS · bind (node_modules in a named volume)');
    expect(hybrid).toHaveLength(1);
    expect(hybrid[0].backend.mount).toBe('bind');
    const native = label('macOS host (Lima session) · host (no container)');
    expect(native).toHaveLength(1);
    expect(native[0].backend.provider).toBeNull();
    // Lima and Podman are being added as products: until a module claims their label, the row
    // still shows, with no product; once one does, it is that product's.
    for (const r of rows.filter((r) => /^(Lima|Podman)/.test(r.backend.label))) {
      expect([null, 'lima', 'podman']).toContain(r.backend.provider);
    }
    expect(rows.find((r) => r.backend.label.startsWith('OrbStack 1.9.2'))?.backend.provider).toBe('orbstack');
    expect(rows.find((r) => r.backend.label.startsWith('Docker on Linux'))?.backend.provider).toBe(
      'docker-engine',
    );
    expect(new Set(rows.map((r) => `${r.machine.key} ${r.backend.key} ${r.workload.key}`)).size).toBe(
      rows.length,
    );
  });
});
