import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import type { RunFile } from '../../shared/result-schema';
import { deleteRun, listRuns, loadRunFile, MAX_RUN_FILE_BYTES, saveRun } from './result-store';
import { sampleRun, sampleWorkloadResult } from './test-support/run-fixture';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mountbench-store-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function writeRaw(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, text);
  return file;
}

async function loadError(file: string): Promise<MountbenchError> {
  const err = await loadRunFile(file).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(MountbenchError);
  return err as MountbenchError;
}

describe('saveRun and loadRunFile', () => {
  it('round-trips a run through a file named after its id, creating the folder', async () => {
    const results = path.join(dir, 'data', 'results');
    const run = sampleRun();
    const file = await saveRun(run, results);
    expect(file).toBe(path.join(results, '20240501-101500-a1b2c3.json'));
    expect(await loadRunFile(file)).toEqual(run);
    expect(await fs.readdir(results)).toEqual(['20240501-101500-a1b2c3.json']);
  });

  it('refuses to save an invalid run and writes nothing', async () => {
    const bad = sampleRun({ results: [{ ...sampleWorkloadResult(), fsType: 42 as unknown as string }] });
    await expect(saveRun(bad, dir)).rejects.toThrow(/Refusing to save an invalid run: results\[0\]\.fsType/);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('refuses to save what it could not read back (a params key named "constructor")', async () => {
    const result = sampleWorkloadResult();
    result.workload.params = { constructor: 1 };
    await expect(saveRun(sampleRun({ results: [result] }), dir)).rejects.toThrow(
      /forbidden key results\[0\]\.workload\.params\.constructor/,
    );
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('names the file when it is missing', async () => {
    const err = await loadError(path.join(dir, 'nope.json'));
    expect(err.code).toBe('IO');
    expect(err.message).toMatch(/nope\.json: no such file/);
  });

  describe('rejects a bad file with FILE_INVALID and says why', () => {
    const cases: [string, string | Buffer, RegExp][] = [
      ['empty', '', /the file is empty/],
      ['not JSON', 'hello, world', /it is not JSON/],
      ['not UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), /not UTF-8 text/],
      ['an array', '[1, 2]', /expected a JSON object/],
      [
        'another schema',
        JSON.stringify({ schema: 'hyperfine', version: 1 }),
        /has schema "hyperfine", expected "mountbench-run"/,
      ],
      ['no schema', JSON.stringify({ version: 1 }), /has no "schema" field/],
      [
        'a newer version',
        JSON.stringify({ ...sampleRun(), version: 7 }),
        /newer Mountbench \(format version 7; this version reads up to 1\)/,
      ],
      ['a bad version', JSON.stringify({ ...sampleRun(), version: 0 }), /version: Invalid input: expected 1/],
      [
        'a negative time',
        JSON.stringify(sampleRun()).replace('0.149', '-0.149'),
        /results\[0\]\.stats\.samples\[1\]: Too small/,
      ],
      [
        'a missing field',
        JSON.stringify({ ...sampleRun(), machine: { ...sampleRun().machine, chip: undefined } }),
        /machine\.chip is missing/,
      ],
      [
        'a __proto__ key',
        JSON.stringify(sampleRun()).replace('"derived":{}', '"derived":{"__proto__":{"polluted":1}}'),
        /forbidden key results\[0\]\.derived\.__proto__/,
      ],
      ['a prototype key', '{"schema":"mountbench-run","x":{"prototype":1}}', /forbidden key x\.prototype/],
    ];
    it.each(cases)('%s', async (_name, content, message) => {
      const file = path.join(dir, 'bad.json');
      await fs.writeFile(file, content);
      const err = await loadError(file);
      expect(err.code).toBe('FILE_INVALID');
      expect(err.message).toContain(file);
      expect(err.message).toMatch(message);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  it('recognises a truncated file', async () => {
    const text = JSON.stringify(sampleRun(), null, 2);
    for (const cut of [text.length - 1, Math.floor(text.length / 2), 20]) {
      const err = await loadError(await writeRaw('cut.json', text.slice(0, cut)));
      expect(err.code).toBe('FILE_INVALID');
      expect(err.message).toMatch(/truncated/);
    }
  });

  it('counts the other problems after the first', async () => {
    const run = { ...sampleRun(), status: 'exploded', image: 5 };
    const err = await loadError(await writeRaw('two.json', JSON.stringify(run)));
    expect(err.message).toMatch(/status: .*\(and 1 more problem\)/);
  });

  it('refuses an oversized file before reading it', async () => {
    const file = path.join(dir, 'huge.json');
    // A sparse file: its size says 60 MB, yet no 60 MB is written or read.
    const handle = await fs.open(file, 'w');
    await handle.truncate(MAX_RUN_FILE_BYTES + 10 * 1024 * 1024);
    await handle.close();
    const err = await loadError(file);
    expect(err.code).toBe('FILE_INVALID');
    expect(err.message).toMatch(/is 60\.0 MB; result files larger than 50\.0 MB are refused/);
  });

  it('refuses a folder', async () => {
    await fs.mkdir(path.join(dir, 'folder.json'));
    expect((await loadError(path.join(dir, 'folder.json'))).message).toMatch(/not a regular file/);
  });

  it('accepts a file with a byte-order mark', async () => {
    const file = await writeRaw('bom.json', `\ufeff${JSON.stringify(sampleRun())}`);
    expect((await loadRunFile(file)).id).toBe(sampleRun().id);
  });
});

describe('listRuns', () => {
  it('lists nothing when the folder does not exist yet', async () => {
    expect(await listRuns(path.join(dir, 'absent'))).toEqual({ runs: [], problems: [] });
  });

  it('lists good runs newest first and reports bad files without failing', async () => {
    const older: RunFile = sampleRun({ id: 'run-old', createdAt: '2024-04-01T09:00:00.000Z' });
    const newer: RunFile = sampleRun({ id: 'run-new', createdAt: '2024-06-01T09:00:00.000Z' });
    await saveRun(older, dir);
    await saveRun(newer, dir);
    await writeRaw('broken.json', '{"schema": "mountbench-run", "version": 1, "id": ');
    await writeRaw('notes.txt', 'not a result file, not a .json name: ignored');
    await writeRaw('.partial.json.abc.tmp', 'temp file of an interrupted write: ignored');
    // A copy under another name repeats the id: listed once, reported once.
    await fs.copyFile(path.join(dir, 'run-old.json'), path.join(dir, 'z-copy.json'));

    const { runs, problems } = await listRuns(dir);
    expect(runs.map((r) => r.id)).toEqual(['run-new', 'run-old']);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toEqual({
      file: path.join(dir, 'broken.json'),
      message: expect.stringMatching(/truncated/),
    });
    expect(problems[1].file).toBe(path.join(dir, 'z-copy.json'));
    expect(problems[1].message).toMatch(/repeats run id run-old/);
  });
});

describe('deleteRun', () => {
  it('deletes the file of a run', async () => {
    await saveRun(sampleRun({ id: 'gone' }), dir);
    await saveRun(sampleRun({ id: 'kept' }), dir);
    await deleteRun(dir, 'gone');
    expect(await fs.readdir(dir)).toEqual(['kept.json']);
  });

  it('refuses an id that could leave the folder', async () => {
    const results = path.join(dir, 'results');
    await fs.mkdir(results);
    const victim = await writeRaw('victim.json', '{}');
    await expect(deleteRun(results, '../victim')).rejects.toThrow(/is not a run id/);
    await expect(deleteRun(results, '')).rejects.toThrow(MountbenchError);
    expect(await fs.readFile(victim, 'utf8')).toBe('{}');
  });

  it('says when there is no such run', async () => {
    await expect(deleteRun(dir, 'missing-run')).rejects.toThrow(/no saved run missing-run/);
  });
});
