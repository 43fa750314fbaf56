// `mountbench compare / export / import / results` as a user types them: real child processes, real
// runs on the local engine, real files in a throwaway data folder.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFileSchema, type RunFile } from '../../src/shared/result-schema';
import { formatMeanStddev } from '../../src/shared/format-time';
import { SAMPLE_METHOD_WORDS } from '../../src/shared/sample-method-words';
import { readCsv } from '../../src/core/exports/test-support/read-csv';
import { mountbenchChild, type ChildOutcome } from '../support/mountbench-cli';
import { tempDir } from './support';

const data = tempDir('compare-data');
const cache = tempDir('compare-cache');
const work = tempDir('compare-files');
afterAll(() => {
  data.remove();
  cache.remove();
  work.remove();
});

function mountbench(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ChildOutcome> {
  return mountbenchChild(args, {
    ...process.env,
    MOUNTBENCH_DATA_DIR: data.path,
    MOUNTBENCH_CACHE_DIR: cache.path,
    ...env,
  });
}

/** A section of the text table: from a heading line to the next heading or the legend. */
function section(text: string, heading: RegExp): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => heading.test(l));
  expect(start).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex(
    (l, i) => i > start && /^(\S.* · time per (run|operation)|vs fastest:)/.test(l),
  );
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

/** Every file below a folder with its bytes, to prove a failed command changed nothing. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) out[name] = readFileSync(join(dir, name)).toString('base64');
  return out;
}

describe('mountbench compare --published', () => {
  it('lays the M1 Pro and the Intel 2017 figures side by side, VirtioFS against gRPC FUSE', async () => {
    const { code, stdout, stderr } = await mountbench(['compare', '--published']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const smallFiles = section(stdout, /^small-file-read · time per run/);
    const m1 = smallFiles.indexOf('MacBook Pro 16-inch 2021, Apple M1 Pro, 32 GB, macOS 12.0.1');
    const intel = smallFiles.indexOf(
      'MacBook Pro 15-inch 2017, Intel Core i7 2.9 GHz quad-core, 16 GB, macOS 12.0.1',
    );
    expect(m1).toBeGreaterThan(0);
    expect(intel).toBeGreaterThan(m1);
    const m1Block = smallFiles.slice(m1, intel);
    const intelBlock = smallFiles.slice(intel);
    expect(m1Block).toMatch(
      /Docker Desktop · VirtioFS · bind\s+as published\s+5\.239 s ± 0\.115 s\s+10\.98× \*/,
    );
    expect(m1Block).toMatch(
      /Docker Desktop · gRPC FUSE · bind\s+as published\s+17\.93 s ± 1\.49 s\s+37\.58× \*/,
    );
    // On the Intel Mac the early VirtioFS build was the slower one.
    expect(intelBlock).toMatch(
      /Docker Desktop · gRPC FUSE · bind\s+as published\s+24\.97 s ± 1\.08 s\s+33\.74× \*/,
    );
    expect(intelBlock).toMatch(
      /Docker Desktop · VirtioFS · bind \[\d+\]\s+as published\s+37\.84 s ± 6\.00 s\s+51\.13× \*/,
    );
    expect(stdout).toContain('umitron-2021: VirtioFS experimental build benchmark');
  });

  it('prints the same as Markdown', async () => {
    const { code, stdout } = await mountbench(['compare', '--published', '--markdown']);
    expect(code).toBe(0);
    expect(stdout).toContain('### small-file-read · time per run, lower is better');
    expect(stdout).toContain(
      '| MacBook Pro 15-inch 2017, Intel Core i7 2.9 GHz quad-core, 16 GB, macOS 12.0.1 | Docker Desktop · gRPC FUSE · mutagen | as published | 740.2 ms ± 45.4 ms | fastest |',
    );
  });

  it('refuses to compare nothing', async () => {
    const { code, stdout, stderr } = await mountbench(['compare']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('nothing to compare: give run files or ids, or --published');
  });
});

describe('two real runs', () => {
  const files = [join(work.path, 'a.json'), join(work.path, 'b.json')];
  let runs: RunFile[] = [];

  beforeAll(async () => {
    for (const file of files) {
      const { code, stderr } = await mountbench([
        'run',
        '--mount',
        'host,tmpfs',
        '--workload',
        'small-file-read,dd-write',
        '--size',
        'quick',
        '--runs',
        '3',
        '--json',
        file,
      ]);
      expect(stderr).not.toMatch(/error/i);
      expect(code).toBe(0);
    }
    runs = files.map((f) => runFileSchema.parse(JSON.parse(readFileSync(f, 'utf8'))));
  });

  it('groups them by run, as the dashboard does: "vs fastest" within each run, never across', async () => {
    const { code, stdout } = await mountbench(['compare', ...files]);
    expect(code).toBe(0);
    for (const workload of ['small-file-read', 'dd-write']) {
      const text = section(stdout, new RegExp(`^${workload} \\(quick size\\) · time per run`));
      const lines = text.split('\n');
      // One heading per run of this machine, each over that run's host and tmpfs rows only; the
      // runs against each other come after them, each run named by its heading, not by the chip
      // they share.
      const between = lines.findIndex((l) => l === '  machine against machine:');
      const headings = lines.flatMap((l, i) => (/^ {2}\S/.test(l) && i !== between ? [i] : []));
      expect(headings).toHaveLength(2);
      expect(between).toBeGreaterThan(headings[1]);
      expect(lines[between + 1]).toMatch(
        /\(run of [^)]+\): .* in \d+\.\d+ × .* the .* \(run of [^)]+\) time$/,
      );
      expect(lines[headings[0]]).toMatch(/ · run of \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      headings.forEach((start, i) => {
        const block = lines.slice(start, headings[i + 1] ?? between);
        const rows = block.filter((l) => /\brun \d{8}-\d{6}-/.test(l));
        expect(rows).toHaveLength(2);
        const ids = new Set(rows.map((r) => /\brun (\d{8}-\d{6}-\w+)/.exec(r)?.[1]));
        expect(ids.size).toBe(1);
        expect(rows.filter((r) => /\sfastest\s/.test(r))).toHaveLength(1);
        for (const row of rows.filter((r) => !/\sfastest\s/.test(r)))
          expect(row).toMatch(/\d+\.\d{2}× [*≈?]\s/);
      });
      const result = runs[0].results.find((r) => r.workload.id === workload && r.backend.mount === 'tmpfs')!;
      expect(text).toContain(formatMeanStddev(result.stats.mean, result.stats.stddev));
      // Each row says how its samples were taken, as its run file recorded it (dd-write back to
      // back, as hyperfine took the published figures), in the dashboard's words.
      const recorded = new Set(
        runs.flatMap((r) => r.results.filter((x) => x.workload.id === workload).map((x) => x.sampleMethod)),
      );
      expect(recorded.size).toBe(1);
      const [method] = recorded;
      expect(method).toBeDefined();
      const words = SAMPLE_METHOD_WORDS[method!].text;
      const rows = lines.filter((l) => /\brun \d{8}-\d{6}-/.test(l));
      expect(rows).toHaveLength(4);
      for (const row of rows) expect(row.trim().split(/\s{2,}/)[1]).toBe(words);
    }
  });

  it('puts this machine beside the published ones, and finds stored runs by id', async () => {
    const { code, stdout } = await mountbench(['compare', runs[0].id, '--published']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^small-file-read \(quick size\) · time per run/m);
    expect(stdout).toMatch(/^small-file-read · time per run/m);
    expect(stdout).toContain(`run ${runs[0].id}`);
    expect(stdout).toContain('Apple M1 Pro');
  });

  it('exports each format, and each reads back to the run’s numbers', async () => {
    const run = runs[0];
    const out = (format: string) => join(work.path, `export.${format}`);
    for (const format of ['json', 'hyperfine', 'csv', 'markdown']) {
      const { code, stderr } = await mountbench(['export', run.id, '--format', format, '--out', out(format)]);
      expect(code).toBe(0);
      expect(stderr).toContain(`wrote ${out(format)}`);
    }
    // Our JSON: the same run, and the very text the data folder holds.
    const json = readFileSync(out('json'), 'utf8');
    expect(runFileSchema.parse(JSON.parse(json))).toEqual(run);
    expect(json).toBe(readFileSync(join(data.path, 'results', `${run.id}.json`), 'utf8'));

    const hyperfine = JSON.parse(readFileSync(out('hyperfine'), 'utf8')) as {
      results: {
        command: string;
        mean: number;
        stddev: number | null;
        median: number;
        min: number;
        max: number;
        times: number[];
      }[];
    };
    expect(hyperfine.results.map((h) => h.command)).toEqual(
      run.results.map((r) => `${r.workload.id} on ${r.backend.id}`),
    );
    hyperfine.results.forEach((h, i) => {
      const s = run.results[i].stats;
      expect([h.mean, h.stddev, h.median, h.min, h.max, h.times]).toEqual([
        s.mean,
        s.stddev,
        s.median,
        s.min,
        s.max,
        s.samples,
      ]);
    });

    const [header, ...rows] = readCsv(readFileSync(out('csv'), 'utf8'));
    const col = (name: string) => header.indexOf(name);
    expect(rows).toHaveLength(run.results.length);
    rows.forEach((row, i) => {
      const s = run.results[i].stats;
      expect(Number(row[col('mean_s')])).toBe(s.mean);
      expect(Number(row[col('stddev_s')])).toBe(s.stddev);
      expect(row[col('samples_s')].split(' ').map(Number)).toEqual(s.samples);
      expect(row[col('fs_type')]).toBe(run.results[i].fsType);
    });

    const markdown = readFileSync(out('markdown'), 'utf8');
    expect(markdown).toContain(`## Mountbench run ${run.id}`);
    for (const r of run.results) {
      const line = markdown
        .split('\n')
        .find((l) => l.startsWith(`| ${r.workload.id} | ${r.backend.label} |`));
      expect(line).toContain(formatMeanStddev(r.stats.mean, r.stats.stddev));
    }

    // Without --out it goes to the terminal.
    const printed = await mountbench(['export', files[1], '--format', 'json']);
    expect(printed.code).toBe(0);
    expect(runFileSchema.parse(JSON.parse(printed.stdout))).toEqual(runs[1]);
  });

  it('refuses an unknown format or run', async () => {
    const bad = await mountbench(['export', runs[0].id, '--format', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown format "xml"; valid: json, hyperfine, csv, markdown');
    const missing = await mountbench(['export', 'no-such-run']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('"no-such-run" is neither a file nor the id of a stored run');
  });

  it('imports into another data folder once, lists it, and refuses bad files without changing anything', async () => {
    const other = tempDir('compare-import');
    try {
      const env = { MOUNTBENCH_DATA_DIR: other.path };
      const first = await mountbench(['import', files[0]], env);
      expect(first.code).toBe(0);
      expect(first.stdout).toBe(`imported run ${runs[0].id} from ${files[0]}\n`);
      const again = await mountbench(['import', files[0]], env);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(
        new RegExp(`^run ${runs[0].id} is already imported .*; nothing changed\\n$`),
      );

      const listed = await mountbench(['results', '--json'], env);
      expect(listed.code).toBe(0);
      const list = JSON.parse(listed.stdout) as {
        runs: { id: string; results: number }[];
        problems: unknown[];
      };
      expect(list.runs).toEqual([expect.objectContaining({ id: runs[0].id, results: 4 })]);
      expect(list.problems).toEqual([]);
      const table = await mountbench(['results'], env);
      expect(table.stdout).toMatch(new RegExp(`^${runs[0].id}\\s+\\S+ \\S+\\s+completed\\s+4\\s+`, 'm'));

      const text = readFileSync(files[1], 'utf8');
      const hyperfine = await mountbench(['export', files[1], '--format', 'hyperfine']);
      expect(hyperfine.code).toBe(0);
      const bad: [string, string, RegExp][] = [
        ['hyperfine.json', hyperfine.stdout, /it has no "schema" field, expected "mountbench-run"/],
        ['cut.json', text.slice(0, Math.floor(text.length / 2)), /the JSON is truncated/],
        [
          'future.json',
          text.replace('"version": 1', '"version": 9'),
          /written by a newer Mountbench \(format version 9/,
        ],
        [
          'huge.json',
          text.replace(/"mean": [0-9.e-]+/, '"mean": 1e308'),
          /holds numbers no real run produces: results\[0\]\.stats\.mean is 1e\+308 s/,
        ],
        [
          'clash.json',
          text.replace(`"id": "${runs[1].id}"`, `"id": "${runs[0].id}"`),
          /a different run with that id is already stored/,
        ],
      ];
      const folder = join(other.path, 'results');
      for (const [name, content, message] of bad) {
        const file = join(work.path, name);
        writeFileSync(file, content);
        const before = snapshot(folder);
        const result = await mountbench(['import', file], env);
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(message);
        expect(result.stderr).toContain('nothing already stored was changed');
        expect(snapshot(folder)).toEqual(before);
      }
      // A bad file does not stop the good one next to it.
      const mixed = await mountbench(['import', join(work.path, 'cut.json'), files[1]], env);
      expect(mixed.code).toBe(1);
      expect(mixed.stdout).toBe(`imported run ${runs[1].id} from ${files[1]}\n`);
      expect(mixed.stderr).toContain('1 of 2 file(s) not imported');
      expect(Object.keys(snapshot(folder)).sort()).toEqual(
        [`${runs[0].id}.json`, `${runs[1].id}.json`].sort(),
      );
    } finally {
      other.remove();
    }
  });

  it('lists problems in the results folder without failing', async () => {
    const other = tempDir('compare-problems');
    try {
      const folder = join(other.path, 'results');
      const env = { MOUNTBENCH_DATA_DIR: other.path };
      expect((await mountbench(['results'], env)).stdout).toBe(`No stored runs in ${folder}.\n`);
      expect((await mountbench(['import', files[0]], env)).code).toBe(0);
      writeFileSync(join(folder, 'broken.json'), '{"schema": "mountbench-run", "version": 1');
      const { code, stdout, stderr } = await mountbench(['results'], env);
      expect(code).toBe(0);
      expect(stdout).toContain(runs[0].id);
      expect(stderr).toMatch(
        /^problem: .*broken\.json is not a valid Mountbench result file: the JSON is truncated/m,
      );
    } finally {
      other.remove();
    }
  });
});
