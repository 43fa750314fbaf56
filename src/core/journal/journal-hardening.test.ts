import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRuns } from '../store/result-store';
import { Journal, findUnfinishedJournals, journalDir, scanJournals } from './journal';
import { parseJournal } from './journal-records';
import { ownerStillRunning, processStartedAt } from './process-identity';
import { JOURNAL_KEEP_DAYS, pruneFinishedJournals } from './prune-journals';
import { restoreFile } from './restore-file';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mountbench-journal-hard-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('journal backups and folder', () => {
  it("keep the original's mode (0600 stays 0600) in a private folder", async () => {
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, '{"proxy":"secret"}', { mode: 0o600 });
    const journal = await Journal.create(path.join(dir, 'data'), 'test', { home: dir });
    const original = await journal.recordFile('p', file);
    await journal.close();
    expect(statSync(original.backup!).mode & 0o777).toBe(0o600);
    expect(statSync(journal.backupDir).mode & 0o777).toBe(0o700);
    expect(statSync(journalDir(path.join(dir, 'data'))).mode & 0o777).toBe(0o700);
    expect(statSync(journal.file).mode & 0o777).toBe(0o600);
  });

  it('restoreFile refuses a setuid, setgid or sticky mode before touching the file', async () => {
    const file = path.join(dir, 'a.json');
    writeFileSync(file, 'now');
    for (const mode of [0o4755, 0o2755, 0o1777]) {
      await expect(
        restoreFile({ owner: 'p', path: file, existed: false, sha256: '', backup: null, mode }),
      ).rejects.toThrow(/not plain permission bits/);
    }
    expect(readFileSync(file, 'utf8')).toBe('now');
  });
});

describe('torn and corrupt journals', () => {
  it('resume cuts a torn last line, so the next record starts a clean line', async () => {
    const data = path.join(dir, 'data');
    const journal = await Journal.create(data, 'test');
    await journal.recordState('p', 'running', true);
    await journal.close();
    appendFileSync(journal.file, '{"type":"step","n":1,"pi');
    const again = await Journal.resume(journal.file);
    await again.markRestored('p');
    await again.finish('restored');
    const text = readFileSync(journal.file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(parseJournal(Buffer.from(text), journal.file).records.map((r) => r.type)).toEqual([
      'begin',
      'state',
      'restored',
      'end',
    ]);
  });

  it('a corrupt line in the middle is an error naming the file and line and what to do', () => {
    const file = path.join(dir, 'x.jsonl');
    const bytes = Buffer.from(
      '{"type":"restored","owner":"p"}\n{"type":"st\n{"type":"restored","owner":"p"}\n',
    );
    expect(() => parseJournal(bytes, file)).toThrow(
      new RegExp(`${file.replace(/[.]/g, '\\.')} line 2 is not a journal record .*move it out of`),
    );
  });

  it('a FIFO in the journal folder is reported, not waited on', async () => {
    const data = path.join(dir, 'data');
    mkdirSync(journalDir(data), { recursive: true });
    expect(spawnSync('mkfifo', [path.join(journalDir(data), 'x.jsonl')]).status).toBe(0);
    const [found] = await findUnfinishedJournals(data);
    expect(found.problem).toMatch(/x\.jsonl is not a regular file \(it is a FIFO/);
    await expect(Journal.create(data, 'test')).rejects.toThrow(
      /cannot start: .*x\.jsonl is not a regular file/,
    );
  });

  it('a FIFO (or a link to one) in the results folder is a listed problem, not a hang', async () => {
    const results = path.join(dir, 'results');
    mkdirSync(results);
    expect(spawnSync('mkfifo', [path.join(results, 'fifo')]).status).toBe(0);
    spawnSync('ln', ['-s', path.join(results, 'fifo'), path.join(results, 'link.json')]);
    const listing = await listRuns(results);
    expect(listing.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/link\.json is not a regular file \(it is a FIFO/),
    ]);
  });
});

describe('owner liveness survives pid reuse', () => {
  it('tells the owner from a later process holding its pid by start time', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const started = await processStartedAt(child.pid!);
      expect(started).not.toBeNull();
      expect(await ownerStillRunning({ pid: child.pid!, pidStartedAt: started! })).toBe(true);
      expect(await ownerStillRunning({ pid: child.pid!, pidStartedAt: started! - 3_600_000 })).toBe(false);
      // Older records without a start time: a process started after the journal cannot own it.
      expect(await ownerStillRunning({ pid: child.pid!, writtenBy: started! - 3_600_000 })).toBe(false);
      expect(await ownerStillRunning({ pid: child.pid!, writtenBy: started! + 1000 })).toBe(true);
    } finally {
      child.kill('SIGKILL');
    }
    expect(await ownerStillRunning({ pid: process.pid })).toBe(false);
    expect(await ownerStillRunning({ pid: spawnSync('true').pid! })).toBe(false);
  });
});

describe('finished journals are pruned', () => {
  it(`after ${JOURNAL_KEEP_DAYS} days, with their backups; unfinished and foreign names stay`, async () => {
    const data = path.join(dir, 'data');
    const file = path.join(dir, 's.json');
    writeFileSync(file, 'x');
    const old = await Journal.create(data, 'old');
    await old.recordFile('p', file);
    await old.finish('completed');
    const fresh = await Journal.create(data, 'fresh');
    await fresh.finish('completed');
    const jdir = journalDir(data);
    writeFileSync(
      path.join(jdir, 'notes.jsonl'),
      `${JSON.stringify({ type: 'end', status: 'completed', at: '2000-01-01T00:00:00.000Z' })}\n`,
    );
    const later = Date.now() + (JOURNAL_KEEP_DAYS + 1) * 86_400_000;
    // At `later`, both ours are past the keep time; only names Journal.create makes are removed.
    const removed = await pruneFinishedJournals(jdir, await scanJournals(data), later);
    expect(removed.sort()).toEqual([old.file, fresh.file].sort());
    expect(() => statSync(old.backupDir)).toThrow();
    expect(statSync(path.join(jdir, 'notes.jsonl')).isFile()).toBe(true);
    // Within the keep time nothing goes.
    const kept = await Journal.create(data, 'kept');
    await kept.finish('completed');
    expect(await pruneFinishedJournals(jdir, await scanJournals(data))).toEqual([]);
  });
});
