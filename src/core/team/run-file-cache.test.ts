import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunFile } from '../../shared/result-schema';
import { runFileJson } from '../store/run-json';
import { sampleRun } from '../store/test-support/run-fixture';
import { runFilePath } from './dataset-layout';
import { readDataset } from './read-dataset';
import { RunFileCache } from './run-file-cache';

const A = 'm-0123456789abcdef';
let root: string;

/** A run whose machine label is `label`: same-length labels make files of the same size. */
function labelled(id: string, label: string): RunFile {
  const run = sampleRun({ id });
  run.machine.label = label;
  return run;
}

async function put(id: string, run: RunFile): Promise<string> {
  const file = runFilePath(root, A, id);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, runFileJson(run));
  return file;
}

async function labels(cache: RunFileCache): Promise<(string | undefined)[]> {
  const { runs } = await readDataset(root, { cache });
  return runs.map((r) => r.run.machine.label);
}

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'mountbench-run-cache-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('readDataset with a cache of checked runs', () => {
  it('gives an unchanged file’s run from the cache, frozen, and re-reads a changed one', async () => {
    const cache = new RunFileCache();
    await put('run-1', labelled('run-1', 'first'));
    const one = await readDataset(root, { cache });
    const two = await readDataset(root, { cache });
    // The same object: the second read did not parse the file again.
    expect(two.runs[0].run).toBe(one.runs[0].run);
    expect(Object.isFrozen(two.runs[0].run.results[0].stats.samples)).toBe(true);
    expect(() => {
      (two.runs[0].run.machine as { label?: string }).label = 'changed';
    }).toThrow(TypeError);

    await put('run-1', labelled('run-1', 'a longer label'));
    expect(await labels(cache)).toEqual(['a longer label']);
  });

  it('re-reads a file replaced by one of the same size, by rename or in place with its mtime put back', async () => {
    const cache = new RunFileCache();
    const file = await put('run-1', labelled('run-1', 'aaaa'));
    expect(await labels(cache)).toEqual(['aaaa']);

    // Replaced by a rename (what git's checkout does): a new inode.
    const next = `${file}.new`;
    await fs.writeFile(next, runFileJson(labelled('run-1', 'bbbb')));
    const before = await fs.stat(file);
    await fs.rename(next, file);
    expect((await fs.stat(file)).size).toBe(before.size);
    expect(await labels(cache)).toEqual(['bbbb']);

    // Rewritten in place, same size, its mtime set back: the status-change time still moved.
    const stat = await fs.stat(file);
    await fs.writeFile(file, runFileJson(labelled('run-1', 'cccc')));
    await fs.utimes(file, stat.atime, stat.mtime);
    expect((await fs.stat(file)).size).toBe(stat.size);
    expect(await labels(cache)).toEqual(['cccc']);
  });

  it('keeps a refusal only while the file is unchanged', async () => {
    const cache = new RunFileCache();
    await put('run-1', labelled('run-1', 'bad\u001b[2J'));
    const first = await readDataset(root, { cache });
    expect(first.refused).toEqual([
      { file: `machines/${A}/run-1.json`, reason: expect.stringMatching(/control character/) },
    ]);
    expect((await readDataset(root, { cache })).refused).toEqual(first.refused);
    await put('run-1', labelled('run-1', 'fixed'));
    const fixed = await readDataset(root, { cache });
    expect(fixed.refused).toEqual([]);
    expect(fixed.runs.map((r) => r.run.machine.label)).toEqual(['fixed']);
  });

  it('is bounded by entries and by bytes, the least recently used dropped first', async () => {
    for (const id of ['run-1', 'run-2', 'run-3']) await put(id, labelled(id, id));
    const byEntries = new RunFileCache({ maxEntries: 2, maxBytes: 1024 * 1024 });
    const read = await readDataset(root, { cache: byEntries });
    expect(read.runs).toHaveLength(3);
    expect(byEntries.size).toBe(2);

    const size = (await fs.stat(runFilePath(root, A, 'run-1'))).size;
    const byBytes = new RunFileCache({ maxEntries: 100, maxBytes: size * 2 + 1 });
    await readDataset(root, { cache: byBytes });
    expect(byBytes.size).toBe(2);
    const none = new RunFileCache({ maxEntries: 100, maxBytes: size - 1 });
    await readDataset(root, { cache: none });
    expect(none.size).toBe(0);
  });

  it('still names every file it cannot read when the cache holds others', async () => {
    const cache = new RunFileCache();
    await put('run-1', labelled('run-1', 'ok'));
    await readDataset(root, { cache });
    await fs.writeFile(runFilePath(root, A, 'run-2'), '{"schema": "mountbench-run", ');
    const { runs, refused } = await readDataset(root, { cache });
    expect(runs.map((r) => r.run.id)).toEqual(['run-1']);
    expect(refused.map((r) => r.file)).toEqual([`machines/${A}/run-2.json`]);
  });
});
