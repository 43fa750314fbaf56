import { promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { runFileSchema } from '../../shared/result-schema';
import { rowsFromRun } from '../compare/rows-from-run';
import { comparisonText } from '../compare/compare-table';
import { hyperfineJson } from '../exports/hyperfine-json';
import { importHyperfineFile, runFromHyperfine, type HyperfineImportOptions } from './import-hyperfine';
import { parseHyperfineExport } from './parse-hyperfine-export';
import { listRuns } from './result-store';
import { sampleRun } from './test-support/run-fixture';
import { exportTestRun } from '../exports/test-support/export-test-run';

// Exports written by hyperfine 1.15.0 itself (Debian 12's package), kept byte for byte.
const FIXTURES = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'hyperfine');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

const machine = sampleRun().machine;
const options: HyperfineImportOptions = {
  backendLabel: 'Docker Desktop VirtioFS bind',
  workload: 'small-file-read',
  size: 'default',
  mount: 'bind',
  provider: 'docker-desktop',
  variant: 'virtiofs',
  cache: 'warm',
  fsType: 'virtiofs',
  machine,
};
const when = new Date('2026-11-30T12:00:00Z');

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(MountbenchError);
    return (err as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('parseHyperfineExport', () => {
  it('reads every benchmark of a real export with its times', () => {
    const results = parseHyperfineExport(fixture('parameter-list.json'), 'p.json');
    expect(results.map((r) => r.command)).toEqual(['sleep 0.01', 'sleep 0.02']);
    expect(results[0].parameters).toEqual({ n: '1' });
    expect(results[1].times).toHaveLength(2);
  });

  it('refuses files that are not hyperfine exports, saying why', () => {
    const cases: [string, RegExp][] = [
      ['', /the file is empty/],
      ['{"results": [', /is not a hyperfine JSON export: it is not JSON/],
      ['[1, 2]', /expected a JSON object with a "results" list/],
      ['{"benchmarks": []}', /it has no "results" list/],
      ['{"results": []}', /results/],
      [JSON.stringify(sampleRun()), /it is a Mountbench result file; import it without --hyperfine/],
      ['{"results": [{"command": "x", "mean": "fast", "min": 0, "max": 0}]}', /results\[0\]\.mean/],
      ['{"results": [{"command": "x", "mean": 1, "min": 1, "max": 1}]}', /results\[0\] has no "times"/],
      [
        '{"results": [{"command": "x", "mean": 1, "min": 1, "max": 1, "times": [1], "__proto__": {}}]}',
        /forbidden key/,
      ],
    ];
    for (const [text, reason] of cases)
      expect(refusal(() => parseHyperfineExport(text, 'f.json'))).toMatch(reason);
  });

  it('refuses a benchmark whose runs failed (hyperfine -i) rather than store their times', () => {
    expect(refusal(() => parseHyperfineExport(fixture('failing.json'), 'failing.json'))).toMatch(
      /run 1 of "sh -c \\?"exit 3\\?"" exited with 3/,
    );
  });

  it('refuses an export whose mean does not match its times', () => {
    const edited = JSON.parse(fixture('one-command.json'));
    edited.results[0].mean *= 2;
    expect(refusal(() => parseHyperfineExport(JSON.stringify(edited), 'e.json'))).toMatch(
      /results\[0\]\.mean is .* but its times average/,
    );
  });
});

describe('runFromHyperfine', () => {
  it('makes a valid run marked as imported from hyperfine, with the times as samples', () => {
    const run = runFromHyperfine(fixture('one-command.json'), '/somewhere/one-command.json', options, when);
    expect(runFileSchema.safeParse(run).success).toBe(true);
    expect(run.origin).toEqual({ tool: 'hyperfine', file: 'one-command.json' });
    expect(run.createdAt).toBe(when.toISOString());
    const [result] = run.results;
    expect(result.backend).toMatchObject({ id: 'docker-desktop/virtiofs/bind', label: options.backendLabel });
    expect(result.workload).toMatchObject({
      id: 'small-file-read',
      size: 'default',
      params: { command: 'sleep 0.01' },
    });
    const exported = JSON.parse(fixture('one-command.json')).results[0];
    expect(result.stats.samples).toEqual(exported.times);
    expect(result.stats.median).toBeCloseTo(exported.median, 12);
    expect(result.stats.stddev).toBeCloseTo(exported.stddev, 12);
    expect(result.stats.user).toBe(exported.user);
    expect(rowsFromRun(run)[0].source).toMatchObject({ kind: 'measured', importedFrom: 'hyperfine' });
    expect(comparisonText(rowsFromRun(run))).toContain(`run ${run.id} (imported from hyperfine)`);
  });

  it('asks which benchmark to take when the file holds several', () => {
    const text = fixture('parameter-list.json');
    expect(refusal(() => runFromHyperfine(text, 'p.json', options, when))).toMatch(
      /holds 2 benchmarks; choose one with --result N \(1: sleep 0.01; 2: sleep 0.02\)/,
    );
    const second = runFromHyperfine(text, 'p.json', { ...options, result: 2 }, when);
    expect(second.results[0].workload.params).toEqual({ command: 'sleep 0.02', 'parameter.n': '2' });
  });

  it('reads back Mountbench’s own hyperfine-shaped export', () => {
    const run = runFromHyperfine(hyperfineJson(sampleRun()), 'mine.json', options, when);
    expect(run.results[0].stats.samples).toEqual(sampleRun().results[0].stats.samples);
  });

  it('reads back how each sample was taken from its own export', () => {
    const exported = exportTestRun();
    const text = hyperfineJson(exported);
    const shapes = exported.results.map((_r, i) => {
      const [back] = runFromHyperfine(text, 'mine.json', { ...options, result: i + 1 }, when).results;
      return [back.executionsPerSample, back.sampleMethod];
    });
    expect(shapes).toEqual([
      [1, 'spaced'],
      [4, 'back-to-back'],
      [1, 'spaced'],
    ]);
  });

  it('leaves out a sample shape Mountbench would not write, and hyperfine’s own files have none', () => {
    const odd = (executions: string, method: string) =>
      JSON.stringify({
        results: [
          {
            command: 'x',
            mean: 1,
            min: 1,
            max: 1,
            times: [1],
            parameters: { executions_per_sample: executions, sample_method: method },
          },
        ],
      });
    for (const [executions, method] of [
      ['0', 'sideways'],
      ['1e3', 'Spaced'],
      ['100001', ''],
      ['-2', 'back to back'],
    ]) {
      const [result] = runFromHyperfine(odd(executions, method), 'odd.json', options, when).results;
      expect(result).not.toHaveProperty('executionsPerSample');
      expect(result).not.toHaveProperty('sampleMethod');
      expect(result.workload.params['parameter.sample_method']).toBe(method);
    }
    const [plain] = runFromHyperfine(fixture('one-command.json'), 'h.json', options, when).results;
    expect(plain).not.toHaveProperty('executionsPerSample');
    expect(plain).not.toHaveProperty('sampleMethod');
  });
});

describe('importHyperfineFile', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'mountbench-hyperfine-import-'));
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('stores the run once; the same import again changes nothing', async () => {
    const file = path.join(root, 'export.json');
    await fs.writeFile(file, fixture('one-command.json'));
    const results = path.join(root, 'results');
    const first = await importHyperfineFile(file, options, results);
    const again = await importHyperfineFile(file, options, results);
    expect(first.status).toBe('imported');
    expect(again).toEqual({ ...first, status: 'already-imported' });
    const listed = await listRuns(results);
    expect(listed.runs.map((r) => r.id)).toEqual([first.id]);
    expect(listed.runs[0].origin?.tool).toBe('hyperfine');
  });

  it('refuses a symbolic link without reading what it points to, and never quotes the file', async () => {
    const secret = path.join(root, 'shadow');
    await fs.writeFile(secret, 'root:*:20200:0:99999:7:::\n');
    const link = path.join(root, 'export.json');
    await fs.symlink(secret, link);
    const results = path.join(root, 'results');
    await expect(importHyperfineFile(link, options, results)).rejects.toThrow(/is a symbolic link/);
    const direct = await importHyperfineFile(secret, options, results).catch((e: Error) => e.message);
    expect(direct).toMatch(/not JSON/);
    expect(direct).not.toMatch(/root|20200/);
    await expect(fs.readdir(results)).rejects.toThrow(/ENOENT/);
  });

  it('writes nothing for a file it refuses', async () => {
    const file = path.join(root, 'failing.json');
    await fs.writeFile(file, fixture('failing.json'));
    const results = path.join(root, 'results');
    await expect(importHyperfineFile(file, options, results)).rejects.toThrow(/exited with 3/);
    await expect(fs.readdir(results)).rejects.toThrow(/ENOENT/);
  });
});
