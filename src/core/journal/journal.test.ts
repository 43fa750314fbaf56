import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal, findUnfinishedJournals } from './journal';
import { restoreFile } from './restore-file';
import { restoreUnfinished } from './restore-unfinished';

let dir: string;
const noFiles = { home: '/nowhere', ownedFiles: () => [] };
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mountbench-journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('journal', () => {
  it('records originals once, restores byte for byte, and is idempotent', async () => {
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, 'original\n', { mode: 0o600 });
    const journal = await Journal.create(path.join(dir, 'data'), 'test');
    const original = await journal.recordFile('p', file);
    writeFileSync(file, 'changed\n');
    // A second record of the same path keeps the first original.
    expect((await journal.recordFile('p', file)).sha256).toBe(original.sha256);
    expect(await restoreFile(original)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('original\n');
    expect(await restoreFile(original)).toBe(false);
    await journal.close();
  });

  it('leaves an unfinished journal that restoreUnfinished replays in reverse and ends', async () => {
    const data = path.join(dir, 'data');
    const a = path.join(dir, 'a.json');
    writeFileSync(a, 'A');
    const journal = await Journal.create(data, 'test');
    await journal.recordFile('first', a);
    await journal.recordState('second', 'running', true);
    await journal.step('first', 'apply', 'write');
    writeFileSync(a, 'B');
    await journal.close(); // as if the process died
    // What to do is a remedy (words per front door: `mountbench restore`, or restart the app).
    await expect(Journal.create(data, 'again')).rejects.toMatchObject({
      message: expect.stringMatching(/did not finish putting settings back/),
      remedy: { kind: 'restore-settings' },
    });
    const order: string[] = [];
    const report = await restoreUnfinished(
      data,
      (owner) => async (originals) => {
        order.push(owner);
        for (const f of originals.files) await restoreFile(f);
        if (owner === 'second') expect(originals.state.running).toBe(true);
      },
      { home: dir, ownedFiles: (owner) => (owner === 'first' ? [a] : []) },
    );
    expect(order).toEqual(['second', 'first']);
    expect(report.journals[0].finished).toBe(true);
    expect(readFileSync(a, 'utf8')).toBe('A');
    expect(await findUnfinishedJournals(data)).toEqual([]);
  });

  it('keeps a journal unfinished when an owner cannot be restored, and tolerates a torn last line', async () => {
    const data = path.join(dir, 'data');
    const journal = await Journal.create(data, 'test');
    await journal.recordState('gone', 'running', false);
    await journal.close();
    appendFileSync(journal.file, '{"type":"st');
    const report = await restoreUnfinished(data, () => undefined, noFiles);
    expect(report.journals[0].finished).toBe(false);
    expect(report.journals[0].owners[0].error).toMatch(/no restorer/);
    expect(await findUnfinishedJournals(data)).toHaveLength(1);
  });
});
