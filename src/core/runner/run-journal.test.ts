import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal, findUnfinishedJournals, scanJournals } from '../journal';
import { leaseRunJournal } from './run-journal';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mountbench-run-journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a run journal', () => {
  it('is one journal for every executor of a run, ended when the last one gives it back clean', async () => {
    const a = await leaseRunJournal({ runId: 'r1', dataDir: dir });
    const b = await leaseRunJournal({ runId: 'r1', dataDir: dir });
    expect(b.journal).toBe(a.journal);
    await a.journal.recordState('owner', 'share r1', { x: 1 });
    await a.release(true);
    // Still in use by b: not ended yet.
    expect(await findUnfinishedJournals(dir)).toHaveLength(1);
    await b.release(true);
    const scanned = await scanJournals(dir);
    expect(scanned).toHaveLength(1);
    expect(scanned[0].finished).toBe(true);
    // The change lock is free again: the next run can open its own.
    const next = await Journal.create(dir, 'next');
    await next.finish('completed');
  });

  it('stays unfinished for restore when any user could not undo what it recorded', async () => {
    const a = await leaseRunJournal({ runId: 'r2', dataDir: dir });
    const b = await leaseRunJournal({ runId: 'r2', dataDir: dir });
    await b.release(false);
    await a.release(true);
    await a.release(true);
    expect(await findUnfinishedJournals(dir)).toHaveLength(1);
  });

  it('uses a borrowed journal without ending it', async () => {
    const sweep = await Journal.create(dir, 'sweep test');
    const lease = await leaseRunJournal({ runId: 'r3', dataDir: dir, borrowed: sweep });
    expect(lease.journal).toBe(sweep);
    await lease.release(true);
    await sweep.recordState('owner', 'still open', true);
    await sweep.finish('completed');
  });

  it('fails, holding nothing, where another journal is unfinished', async () => {
    const other = await Journal.create(dir, 'another');
    await other.close();
    await expect(leaseRunJournal({ runId: 'r4', dataDir: dir })).rejects.toThrow(/did not finish/);
    // A second try opens afresh rather than reusing the failed open.
    await expect(leaseRunJournal({ runId: 'r4', dataDir: dir })).rejects.toThrow(/did not finish/);
  });
});
