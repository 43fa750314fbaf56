import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import type { RunFile } from '../../shared/result-schema';
import { hyperfineJson } from '../exports/hyperfine-json';
import { runFileJson } from './run-json';
import { importRunFile } from './import-run';
import { listRuns, loadRunFile, MAX_RUN_FILE_BYTES, saveRun } from './result-store';
import { summarize } from '../stats/summarize';
import { sampleRun, sampleWorkloadResult } from './test-support/run-fixture';

let root: string;
let results: string;
let incoming: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'mountbench-import-'));
  results = path.join(root, 'data', 'results');
  incoming = path.join(root, 'incoming');
  await fs.mkdir(incoming);
  await saveRun(sampleRun({ id: 'stored-run' }), results);
  await fs.writeFile(path.join(results, 'notes.txt'), 'the user’s own file');
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

/** Every file and folder under the data folder with its exact bytes. */
async function snapshot(dir = path.join(root, 'data')): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (current: string): Promise<void> => {
    for (const entry of await fs.readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      const rel = path.relative(dir, full);
      if (entry.isDirectory()) {
        out[`${rel}/`] = '';
        await walk(full);
      } else {
        out[rel] = (await fs.readFile(full)).toString('base64');
      }
    }
  };
  await walk(dir);
  return out;
}

async function write(name: string, content: string | Buffer): Promise<string> {
  const file = path.join(incoming, name);
  await fs.writeFile(file, content);
  return file;
}

async function importError(file: string): Promise<MountbenchError> {
  const err = await importRunFile(file, results).catch((e: unknown) => e);
  if (!(err instanceof MountbenchError)) throw new Error(`expected a MountbenchError, got ${String(err)}`);
  return err;
}

function withStats(stats: Partial<RunFile['results'][number]['stats']>): RunFile {
  const result = sampleWorkloadResult();
  return sampleRun({ id: 'hostile', results: [{ ...result, stats: { ...result.stats, ...stats } }] });
}

describe('importRunFile', () => {
  it('stores a valid run in the app’s own format and lists it', async () => {
    const run = sampleRun({ id: 'from-alice' });
    // Compact, as another tool might have written it: stored pretty, like every saved run.
    const file = await write('alice.json', JSON.stringify(run));
    const outcome = await importRunFile(file, results);
    expect(outcome).toEqual({
      id: 'from-alice',
      file: path.join(results, 'from-alice.json'),
      status: 'imported',
    });
    expect(await fs.readFile(outcome.file, 'utf8')).toBe(runFileJson(run));
    expect((await listRuns(results)).runs.map((r) => r.id).sort()).toEqual(['from-alice', 'stored-run']);
    expect((await fs.readdir(results)).sort()).toEqual(['from-alice.json', 'notes.txt', 'stored-run.json']);
  });

  it('creates the results folder on first import', async () => {
    const fresh = path.join(root, 'fresh', 'results');
    const file = await write('a.json', runFileJson(sampleRun({ id: 'first' })));
    expect((await importRunFile(file, fresh)).status).toBe('imported');
    expect(await fs.readdir(fresh)).toEqual(['first.json']);
  });

  it('says "already imported" for the same run and writes nothing', async () => {
    const file = await write('again.json', JSON.stringify(sampleRun({ id: 'stored-run' })));
    const before = await snapshot();
    expect(await importRunFile(file, results)).toEqual({
      id: 'stored-run',
      file: path.join(results, 'stored-run.json'),
      status: 'already-imported',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a different run under an id already stored', async () => {
    const file = await write('clash.json', runFileJson(sampleRun({ id: 'stored-run', status: 'cancelled' })));
    const before = await snapshot();
    const err = await importError(file);
    expect(err.code).toBe('FILE_INVALID');
    expect(err.message).toMatch(/holds run stored-run, but a different run with that id is already stored/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses when the stored file for that id cannot be read, and leaves it for the user', async () => {
    await fs.writeFile(path.join(results, 'broken.json'), '{"schema": "mountbench-run", ');
    const file = await write('broken.json', runFileJson(sampleRun({ id: 'broken' })));
    const before = await snapshot();
    expect((await importError(file)).message).toMatch(/already stored at .*broken\.json but cannot be read/);
    expect(await snapshot()).toEqual(before);
  });

  it('lets exactly one of two racing imports of the same id win', async () => {
    const a = await write('a.json', runFileJson(sampleRun({ id: 'raced', status: 'completed' })));
    const b = await write('b.json', runFileJson(sampleRun({ id: 'raced', status: 'failed' })));
    const outcomes = await Promise.allSettled([importRunFile(a, results), importRunFile(b, results)]);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(String(lost[0].reason)).toMatch(/a different run with that id is already stored/);
    const stored = await fs.readFile(path.join(results, 'raced.json'), 'utf8');
    const winner = outcomes[0].status === 'fulfilled' ? a : b;
    expect(stored).toBe(await fs.readFile(winner, 'utf8'));
    expect((await fs.readdir(results)).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('refuses a symbolic link (to a secret) without reading it, and never quotes a file in a JSON error', async () => {
    // Stands in for /etc/shadow: a file the importer must neither read through a link nor echo.
    const secret = await write('shadow', 'root:*:20200:0:99999:7:::\ndaemon:*:20200:0:99999:7:::\n');
    const link = path.join(incoming, 'run.json');
    await fs.symlink(secret, link);
    const before = await snapshot();
    const viaLink = await importError(link);
    expect(viaLink.code).toBe('FILE_INVALID');
    expect(viaLink.message).toMatch(/run\.json is a symbolic link; imports read only plain files/);
    const direct = await importError(secret);
    expect(direct.message).toMatch(/is not JSON \(it does not start like JSON\)/);
    const inside = await importError(await write('inside.json', '{"schema": root:*:20200:0:99999}'));
    for (const message of [viaLink.message, direct.message, inside.message]) {
      for (const piece of ['root', '20200', 'daemon', ':*:']) expect(message).not.toContain(piece);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('stores a large import on one line when indenting it would pass what every reader takes', async () => {
    // 20 results of 100,000 samples: about 40 MB on one line, over 60 MB indented.
    const samples = Array.from({ length: 100_000 }, (_, i) => 0.1 + (i % 5000) * 1.23456789e-7);
    const result = { ...sampleWorkloadResult(), stats: summarize(samples) };
    const run = sampleRun({
      id: 'large',
      results: Array.from({ length: 20 }, (_, i) => ({
        ...result,
        backend: { ...result.backend, id: `docker-desktop/vz-virtiofs/bind-${i}`, label: `bind ${i}` },
      })),
    });
    const compact = `${JSON.stringify(run)}\n`;
    expect(Buffer.byteLength(compact)).toBeLessThan(MAX_RUN_FILE_BYTES);
    expect(Buffer.byteLength(JSON.stringify(run, null, 2))).toBeGreaterThan(MAX_RUN_FILE_BYTES);
    const file = await write('large.json', compact);
    expect((await importRunFile(file, results)).status).toBe('imported');
    const stored = path.join(results, 'large.json');
    expect((await fs.stat(stored)).size).toBeLessThanOrEqual(MAX_RUN_FILE_BYTES);
    // Every reader takes what was stored, and the same import again finds it the same.
    expect((await loadRunFile(stored)).results).toHaveLength(20);
    expect((await importRunFile(file, results)).status).toBe('already-imported');
  }, 120_000);

  it('ten parallel imports of the same file: one imported, nine already imported, never a conflict', async () => {
    for (let batch = 0; batch < 10; batch++) {
      const file = await write(`same-${batch}.json`, runFileJson(sampleRun({ id: `same-${batch}` })));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, () => importRunFile(file, results)),
      );
      const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
      expect(failures, `batch ${batch}`).toEqual([]);
      const statuses = outcomes.map((o) => (o.status === 'fulfilled' ? o.value.status : 'rejected'));
      expect(
        statuses.filter((s) => s === 'imported'),
        `batch ${batch}`,
      ).toHaveLength(1);
      expect(statuses.filter((s) => s === 'already-imported')).toHaveLength(9);
      expect(await fs.readFile(path.join(results, `same-${batch}.json`), 'utf8')).toBe(
        await fs.readFile(file, 'utf8'),
      );
    }
    expect((await fs.readdir(results)).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  describe('refuses a hostile or broken file with a clear error, changing nothing', () => {
    const valid = () => JSON.stringify(sampleRun({ id: 'hostile' }));
    const cases: [string, () => Promise<string>, RegExp][] = [
      [
        'absurd times (1e308 s)',
        () =>
          write(
            'huge-times.json',
            JSON.stringify(
              withStats({
                samples: [1e308, 1e308],
                mean: 1e308,
                median: 1e308,
                min: 1e308,
                max: 1e308,
                stddev: 0,
                runs: 2,
              }),
            ),
          ),
        /holds numbers no real run produces: results\[0\]\.stats\.mean is 1e\+308 s; no sample takes longer than a day/,
      ],
      [
        'a negative time',
        () => write('negative.json', valid().replace('"min":0.149', '"min":-0.149')),
        /results\[0\]\.stats\.min: Too small/,
      ],
      [
        'NaN written as a string',
        () => write('nan.json', valid().replace('"mean":0.151', '"mean":"NaN"')),
        /results\[0\]\.stats\.mean: Invalid input: expected number, received string/,
      ],
      [
        'an array of a million samples',
        () =>
          write(
            'million.json',
            valid().replace(/"samples":\[[^\]]*\]/, `"samples":[${Array(1e6).fill('0.151').join(',')}]`),
          ),
        /results\[0\]\.stats\.samples: Too big/,
      ],
      [
        'a mean its samples do not give',
        () => write('mean.json', JSON.stringify(withStats({ mean: 0.152 }))),
        /results\[0\]\.stats\.mean is 0\.152 but its samples average 0\.151/,
      ],
      [
        'a maximum that is not the largest sample',
        () => write('max.json', JSON.stringify(withStats({ max: 0.2 }))),
        /stats\.min\/max \(0\.149…0\.2\) are not the smallest and largest samples/,
      ],
      [
        'a run count that does not match the samples',
        () => write('runs.json', JSON.stringify(withStats({ runs: 50 }))),
        /results\[0\]\.stats\.runs is 50 but there are 5 samples/,
      ],
      [
        'an id with ../',
        () => write('escape.json', valid().replace('"id":"hostile"', '"id":"../escape"')),
        /id: Invalid string/,
      ],
      [
        'a __proto__ key',
        () =>
          write('proto.json', valid().replace('"derived":{}', '"derived":{"__proto__":{"polluted":true}}')),
        /forbidden key results\[0\]\.derived\.__proto__/,
      ],
      [
        'a 51 MB file',
        async () => {
          const file = path.join(incoming, 'big.json');
          const handle = await fs.open(file, 'w');
          // Sparse: the size says 51 MB, the disk holds nothing and nothing is read.
          await handle.truncate(51 * 1024 * 1024);
          await handle.close();
          return file;
        },
        /is 51\.0 MB; result files larger than 50\.0 MB are refused/,
      ],
      ['a truncated file', () => write('cut.json', valid().slice(0, 300)), /the JSON is truncated/],
      [
        'a file from a future version',
        () => write('future.json', valid().replace('"version":1', '"version":2')),
        /written by a newer Mountbench \(format version 2; this version reads up to 1\)/,
      ],
      [
        'a hyperfine export',
        () => write('hyperfine.json', hyperfineJson(sampleRun())),
        /not a valid Mountbench result file: it has no "schema" field/,
      ],
      ['not JSON at all', () => write('text.json', 'id,mean\nrun,1\n'), /it is not JSON/],
    ];
    it.each(cases)('%s', async (_name, make, message) => {
      const file = await make();
      const before = await snapshot();
      const beside = await fs.readdir(root);
      const err = await importError(file);
      expect(err.code).toBe('FILE_INVALID');
      expect(err.message).toContain(file);
      expect(err.message).toMatch(message);
      expect(await snapshot()).toEqual(before);
      expect(await fs.readdir(root)).toEqual(beside);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  it('leaves no results folder behind when the first import fails', async () => {
    const fresh = path.join(root, 'fresh', 'results');
    const file = await write('bad.json', '{');
    await expect(importRunFile(file, fresh)).rejects.toThrow(MountbenchError);
    await expect(fs.access(path.join(root, 'fresh'))).rejects.toThrow();
  });

  it('names a missing file', async () => {
    const err = await importError(path.join(incoming, 'nope.json'));
    expect(err.code).toBe('IO');
    expect(err.message).toMatch(/nope\.json: no such file/);
  });
});
