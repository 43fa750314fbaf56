import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runFileSchema } from '../../shared/result-schema';
import { saveRun } from './result-store';
import { sampleRun } from './test-support/run-fixture';
import { summarizeRun } from './run-summary';
import {
  listRunSummaries,
  SUMMARY_INDEX_NAME,
  SUMMARY_INDEX_VERSION,
  summaryListingsComputed,
} from './summary-index';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mountbench-summaries-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const indexFile = () => path.join(dir, SUMMARY_INDEX_NAME);
interface StoredIndex {
  version: number;
  entries: { name: string; summary: { machineLabel: string } }[];
}
const readRaw = async () => JSON.parse(await fs.readFile(indexFile(), 'utf8')) as StoredIndex;
/** The stored index with its list of entries keyed by file name, to read it by name. */
const readIndex = async () => {
  const raw = await readRaw();
  return { ...raw, entries: Object.fromEntries(raw.entries.map((e) => [e.name, e])) };
};

describe('listRunSummaries', () => {
  it('lists summaries newest first and keeps them in an index beside the files', async () => {
    const older = sampleRun({ id: 'run-older', createdAt: '2026-01-01T10:00:00.000Z' });
    const newer = sampleRun({ id: 'run-newer', createdAt: '2026-02-01T10:00:00.000Z' });
    await saveRun(older, dir);
    await saveRun(newer, dir);
    const listing = await listRunSummaries(dir);
    expect(listing.summaries).toEqual([summarizeRun(newer), summarizeRun(older)]);
    expect(listing.problems).toEqual([]);
    expect(Object.keys((await readIndex()).entries).sort()).toEqual(['run-newer.json', 'run-older.json']);
  });

  it('answers from the index for unchanged files, so their text is not read again', async () => {
    await saveRun(sampleRun({ id: 'run-a' }), dir);
    await listRunSummaries(dir);
    // Mark the cached summary: if the list parsed the file again, the mark would be gone.
    const index = await readRaw();
    const entry = index.entries.find((e) => e.name === 'run-a.json');
    if (entry) entry.summary.machineLabel = 'from the index';
    await fs.writeFile(indexFile(), JSON.stringify(index));
    expect((await listRunSummaries(dir)).summaries[0].machineLabel).toBe('from the index');
  });

  it("keeps a tie's drift in the index: read back from it, History still says the machine drifted", async () => {
    const drifted = path.join(
      __dirname,
      '..',
      '..',
      '..',
      'test',
      'fixtures',
      'runs',
      'sweep-aa-rising-load.json',
    );
    const run = runFileSchema.parse(JSON.parse(await fs.readFile(drifted, 'utf8')));
    await saveRun(run, dir);
    const first = (await listRunSummaries(dir)).summaries[0];
    expect(first.winner?.roles?.[0]?.drift?.source).toBe('passes');
    const index = await readRaw();
    expect(index.version).toBe(SUMMARY_INDEX_VERSION);
    index.entries[0].summary.machineLabel = 'from the index';
    await fs.writeFile(indexFile(), JSON.stringify(index));
    const again = (await listRunSummaries(dir)).summaries[0];
    expect(again.machineLabel).toBe('from the index');
    expect(again.winner).toEqual(first.winner);
  });

  it('parses a file again when it changed, and forgets deleted files', async () => {
    await saveRun(sampleRun({ id: 'run-a' }), dir);
    await saveRun(sampleRun({ id: 'run-b' }), dir);
    await listRunSummaries(dir);
    await saveRun(sampleRun({ id: 'run-a', status: 'cancelled', results: [] }), dir);
    await fs.unlink(path.join(dir, 'run-b.json'));
    const listing = await listRunSummaries(dir);
    expect(listing.summaries).toHaveLength(1);
    expect(listing.summaries[0]).toMatchObject({ id: 'run-a', status: 'cancelled', resultCount: 0 });
    expect(Object.keys((await readIndex()).entries)).toEqual(['run-a.json']);
  });

  it('rebuilds an unreadable index instead of failing', async () => {
    const run = sampleRun({ id: 'run-a' });
    await saveRun(run, dir);
    await fs.writeFile(indexFile(), '{"schema":"mountbench-summaries","version":1,"entries":{"run-a.json":');
    expect((await listRunSummaries(dir)).summaries).toEqual([summarizeRun(run)]);
    expect((await readIndex()).entries['run-a.json'].summary).toEqual(summarizeRun(run));
  });

  it('rebuilds an index of version 3, whose winners crowned a backend alone in its role', async () => {
    const run = sampleRun({ id: 'run-a' });
    await saveRun(run, dir);
    const info = await fs.stat(path.join(dir, 'run-a.json'));
    const label = run.results[0].backend.label;
    const { winner: _w, ...current } = summarizeRun(run);
    // What version 3 stored for a run of one bind mount: "decided", no roles.
    const old = { ...current, winner: { state: 'decided', label } };
    const entry = { mtimeMs: info.mtimeMs, size: info.size, summary: old };
    await fs.writeFile(
      indexFile(),
      JSON.stringify({ schema: 'mountbench-summaries', version: 3, entries: { 'run-a.json': entry } }),
    );
    const [summary] = (await listRunSummaries(dir)).summaries;
    expect(summary.winner).toEqual({
      state: 'only',
      label,
      roles: [{ role: 'source-tree', state: 'only', label }],
    });
    expect((await readIndex()).version).toBe(SUMMARY_INDEX_VERSION);
  });

  it('reports a broken result file as a problem and lists the rest', async () => {
    await saveRun(sampleRun({ id: 'run-a' }), dir);
    await fs.writeFile(path.join(dir, 'broken.json'), '{"schema":');
    const listing = await listRunSummaries(dir);
    expect(listing.summaries.map((s) => s.id)).toEqual(['run-a']);
    expect(listing.problems).toHaveLength(1);
    expect(listing.problems[0].file).toBe(path.join(dir, 'broken.json'));
  });

  it('skips a second file holding the same run id, as listRuns does', async () => {
    const run = sampleRun({ id: 'run-a' });
    await saveRun(run, dir);
    await fs.copyFile(path.join(dir, 'run-a.json'), path.join(dir, 'run-a-copy.json'));
    const listing = await listRunSummaries(dir);
    expect(listing.summaries).toEqual([summarizeRun(run)]);
    expect(listing.problems[0].message).toContain('repeats run id run-a');
  });

  it('still lists when the index cannot be written', async () => {
    await saveRun(sampleRun({ id: 'run-a' }), dir);
    // A folder where the index file would go: no rename can replace it, whoever runs the test.
    await fs.mkdir(indexFile());
    expect((await listRunSummaries(dir)).summaries.map((s) => s.id)).toEqual(['run-a']);
    expect((await fs.stat(indexFile())).isDirectory()).toBe(true);
  });

  it('lists nothing for a folder that does not exist yet', async () => {
    expect(await listRunSummaries(path.join(dir, 'absent'))).toEqual({ summaries: [], problems: [] });
  });

  it('reads back an index of 10,000 runs (within the JSON limits), so the list parses no file', async () => {
    // 10,000 small files, and the index as the writer writes it for them, each summary marked: a
    // list that parsed the files (or refused the index) would lose the mark.
    const summary = { ...summarizeRun(sampleRun({ id: 'run-0' })), machineLabel: 'from the index' };
    const entries: object[] = [];
    for (let i = 0; i < 10_000; i += 500) {
      const batch = Array.from({ length: 500 }, (_, k) => `run-${String(i + k).padStart(5, '0')}`);
      await Promise.all(batch.map((id) => fs.writeFile(path.join(dir, `${id}.json`), '{}')));
      const infos = await Promise.all(batch.map((id) => fs.stat(path.join(dir, `${id}.json`))));
      infos.forEach((info, k) =>
        entries.push({
          name: `${batch[k]}.json`,
          mtimeMs: info.mtimeMs,
          size: info.size,
          summary: { ...summary, id: batch[k] },
        }),
      );
    }
    await fs.writeFile(
      indexFile(),
      JSON.stringify({ schema: 'mountbench-summaries', version: SUMMARY_INDEX_VERSION, entries }),
    );
    const listing = await listRunSummaries(dir);
    expect(listing.problems).toEqual([]);
    expect(listing.summaries).toHaveLength(10_000);
    expect(listing.summaries.every((s) => s.machineLabel === 'from the index')).toBe(true);
  }, 60_000);

  it('shares one listing among calls made at once, and a write starts a fresh one', async () => {
    await saveRun(sampleRun({ id: 'run-a' }), dir);
    const before = summaryListingsComputed();
    const listings = await Promise.all(Array.from({ length: 50 }, () => listRunSummaries(dir)));
    expect(summaryListingsComputed() - before).toBe(1);
    expect(new Set(listings).size).toBe(1);
    const pending = listRunSummaries(dir);
    await saveRun(sampleRun({ id: 'run-b' }), dir);
    const after = await listRunSummaries(dir);
    await pending;
    expect(after.summaries.map((s) => s.id).sort()).toEqual(['run-a', 'run-b']);
  });
});
