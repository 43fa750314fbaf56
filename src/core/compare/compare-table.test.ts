import { describe, expect, it } from 'vitest';
import { comparisonMarkdown, comparisonText, LEGEND, SAMPLES_LEGEND } from './compare-table';
import { publishedRows } from './rows-from-published';
import { testRow } from './test-support/test-rows';

const umitron = publishedRows().filter(
  (r) => r.source.kind === 'published' && r.source.sourceId === 'umitron-2021',
);

/** The lines between a machine's name and the next blank line. */
function machineBlock(text: string, workloadHeading: string, machine: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(workloadHeading));
  const at = lines.findIndex((l, i) => i > start && l.trim() === machine);
  const end = lines.findIndex((l, i) => i > at && l.trim() === '');
  return lines.slice(at, end);
}

describe('comparisonText', () => {
  const text = comparisonText(umitron);

  it('lays the published M1 Pro and Intel 2017 figures side by side per workload', () => {
    const m1 = machineBlock(
      text,
      'small-file-read',
      'MacBook Pro 16-inch 2021, Apple M1 Pro, 32 GB, macOS 12.0.1',
    );
    expect(m1[1]).toMatch(/^ {4}backend\s+samples\s+mean ± σ\s+vs fastest\s+runs\s+fs type\s+source$/);
    expect(m1.slice(3)).toEqual([
      expect.stringMatching(
        /^ {4}Docker Desktop · gRPC FUSE · mutagen\s+as published\s+477\.2 ms ± 4\.9 ms\s+fastest\s+10\s+-\s+umitron-2021 \(published\)$/,
      ),
      expect.stringMatching(
        /^ {4}Docker Desktop · VirtioFS · bind\s+as published\s+5\.239 s ± 0\.115 s\s+10\.98× \*\s+10 /,
      ),
      expect.stringMatching(
        /^ {4}Docker Desktop · gRPC FUSE · bind\s+as published\s+17\.93 s ± 1\.49 s\s+37\.58× \*\s+10 /,
      ),
    ]);
    const intel = machineBlock(
      text,
      'small-file-read',
      'MacBook Pro 15-inch 2017, Intel Core i7 2.9 GHz quad-core, 16 GB, macOS 12.0.1',
    );
    expect(intel.slice(3).map((l) => l.trim().split(/\s{2,}/)[0])).toEqual([
      'Docker Desktop · gRPC FUSE · mutagen',
      'Docker Desktop · gRPC FUSE · bind',
      // The source's doubt about this figure is footnoted.
      'Docker Desktop · VirtioFS · bind [1]',
    ]);
    expect(text).toContain('[1] early VirtioFS build;');
  });

  it('ends with the legend and the sources', () => {
    expect(text).toContain('* significantly slower than the fastest (Welch’s t-test, 95 %)');
    expect(text).toMatch(
      /published sources:\n {2}umitron-2021: VirtioFS experimental build benchmark .* <https:\/\/github\.com\/takc923\/docker-bench\/tree\/[0-9a-f]{40}>/,
    );
  });

  it('marks no measurable difference and too few runs', () => {
    const out = comparisonText([
      testRow({ backend: 'a', mean: 1, stddev: 0.05 }),
      testRow({ backend: 'b', mean: 1.005, stddev: 0.05 }),
      testRow({ backend: 'c', mean: 3, stddev: null, runs: 1 }),
    ]);
    expect(out).toMatch(/^ {4}b\s+not recorded\s+1\.005 s ± 0\.050 s\s+1\.00× ≈\s+10\s+ext4\s+run run-1$/m);
    expect(out).toMatch(/^ {4}c\s+not recorded\s+3\.000 s\s+3\.00× \?\s+1 /m);
    expect(out).not.toContain('published sources');
  });

  it("says how each row's samples were taken, in the dashboard's words, and what each word means", () => {
    const out = comparisonText([
      testRow({ backend: 'native', workload: 'dd-write', mean: 0.2, sampleMethod: 'back-to-back' }),
      testRow({ backend: 'fuse', workload: 'dd-write', mean: 0.4, sampleMethod: 'spaced' }),
      testRow({ backend: 'imported', workload: 'dd-write', mean: 0.3 }),
      testRow({ backend: 'paper', workload: 'dd-write', mean: 0.5, published: true }),
    ]);
    const column = (backend: string) =>
      out
        .split('\n')
        .find((l) => l.startsWith(`    ${backend} `))
        ?.trim()
        .split(/\s{2,}/)[1];
    expect(['native', 'fuse', 'imported', 'paper'].map(column)).toEqual([
      'back to back',
      'spaced',
      'not recorded',
      'as published',
    ]);
    expect(out).toContain(`${LEGEND}\n${SAMPLES_LEGEND}\n`);
    expect(SAMPLES_LEGEND).toContain(
      '"back to back" — Each sample right after the one before, as hyperfine took the published figures',
    );
    expect(SAMPLES_LEGEND).toContain(
      '"as published" — Taken by the source\'s own method: see its source below.',
    );
  });

  it('says when there is nothing to compare', () => {
    expect(comparisonText([])).toBe('Nothing to compare.\n');
  });
});

describe('comparisonMarkdown', () => {
  it('prints one table per workload with the machine on its first row', () => {
    const md = comparisonMarkdown(umitron);
    expect(md).toContain('### dd-write · time per run, lower is better');
    expect(md).toContain(
      '| MacBook Pro 16-inch 2021, Apple M1 Pro, 32 GB, macOS 12.0.1 | Docker Desktop · VirtioFS · bind | as published | 3.371 s ± 0.392 s | fastest | 10 | - | umitron-2021 (published) |',
    );
    expect(md).toContain(
      '|  | Docker Desktop · gRPC FUSE · bind | as published | 58.66 s ± 2.80 s | 17.40× * | 10 | - | umitron-2021 (published) |',
    );
    expect(md).toMatch(
      /- umitron-2021: \[VirtioFS experimental build benchmark .*\]\(https:\/\/github\.com\/takc923\//,
    );
  });

  it('cannot be broken by a pipe or a line break in a label', () => {
    const row = testRow({ backend: 'evil | column\nbreak', mean: 1, note: 'a | b' });
    const md = comparisonMarkdown([row]);
    const line = md.split('\n').find((l) => l.includes('evil'));
    expect(line).toBe(
      '| Machine m1 | evil \\| column\\\\nbreak [1] | not recorded | 1.000 s ± 0.010 s | fastest | 10 | ext4 | run run-1 |',
    );
    expect(md).toContain('- [1] a \\| b');
  });

  it('has a samples column after the backend, its alignment row as wide as its header', () => {
    const md = comparisonMarkdown([
      testRow({ backend: 'native', workload: 'dd-write', mean: 0.2, sampleMethod: 'back-to-back' }),
    ]);
    const lines = md.split('\n');
    const header = lines.findIndex((l) => l.startsWith('| machine |'));
    expect(lines[header]).toBe(
      '| machine | backend | samples | mean ± σ | vs fastest | runs | fs type | source |',
    );
    expect(lines[header + 1].split('|').length).toBe(lines[header].split('|').length);
    expect(lines[header + 2]).toMatch(/^\| Machine m1 \| native \| back to back \| 200\.0 ms/);
    expect(md).toContain(`\n${SAMPLES_LEGEND}\n`);
  });
});
