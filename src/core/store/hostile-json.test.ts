// Property test: every reader of untrusted result JSON (the import, `compare` and results-folder
// reader loadRunFile, and the text import serve uses) answers every adversarial or random input
// with a run or a FILE_INVALID error, never a crash, a hang or a stack overflow. "Answers" is bound
// by a generous per-case timeout; how fast each case really is, is bench/hostile-json.ts's job.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import type { RunFile } from '../../shared/result-schema';
import { comparisonText } from '../compare/compare-table';
import { rowsFromRun } from '../compare/rows-from-run';
import { runMarkdown } from '../exports/markdown';
import { importRunText } from './import-run';
import { parseRunFileText } from './parse-run-file';
import { loadRunFile, MAX_RUN_FILE_BYTES } from './result-store';
import { adversarialCases, randomCases } from './test-support/hostile-json';

const CASE_TIMEOUT = 60_000;
const dir = mkdtempSync(path.join(tmpdir(), 'mountbench-hostile-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Raw control characters other than the line breaks an output makes itself.
// eslint-disable-next-line no-control-regex -- looking for control characters is the point
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

async function answer(read: () => Promise<RunFile> | RunFile): Promise<RunFile | MountbenchError> {
  try {
    return await read();
  } catch (err) {
    // Anything but our own error (a RangeError from recursion, a TypeError) is a failure.
    expect(err).toBeInstanceOf(MountbenchError);
    expect((err as MountbenchError).code).toBe('FILE_INVALID');
    return err as MountbenchError;
  }
}

function checkOutputs(run: RunFile): void {
  expect(comparisonText(rowsFromRun(run))).not.toMatch(RAW_CONTROL);
  expect(runMarkdown(run)).not.toMatch(RAW_CONTROL);
}

describe('untrusted result JSON: every reader answers, within bounds', () => {
  // 2 MB each keeps the suite quick; the full file limit is fed once below, and to the bench.
  const cases = [...adversarialCases(2 * 1024 * 1024), ...randomCases(20261201, 200)];
  let n = 0;
  for (const c of cases) {
    it(c.name, { timeout: CASE_TIMEOUT }, async () => {
      const parsed = await answer(() => parseRunFileText(c.text, c.name));
      const imported = await answer(async () => {
        const outcome = await importRunText(c.text, c.name, path.join(dir, 'results'));
        return loadRunFile(outcome.file);
      });
      const file = path.join(dir, `case-${(n += 1)}.json`);
      writeFileSync(file, c.text);
      const loaded = await answer(() => loadRunFile(file));
      rmSync(file);
      // The file reader and the text reader agree; an import never accepts what a read refuses.
      expect(loaded instanceof MountbenchError).toBe(parsed instanceof MountbenchError);
      if (parsed instanceof MountbenchError) expect(imported).toBeInstanceOf(MountbenchError);
      else checkOutputs(parsed);
    });
  }

  it('refuses control characters in labels at import, naming the field', async () => {
    const byName = new Map(adversarialCases(1024).map((c) => [c.name, c.text]));
    for (const name of [
      'escape sequences in a backend label',
      'a newline forging a table row in a label',
      'a bidi override in a machine label',
      'NUL and DEL in an id-like field',
    ]) {
      const err = await answer(async () => {
        const outcome = await importRunText(byName.get(name)!, name, path.join(dir, 'refused'));
        return loadRunFile(outcome.file);
      });
      expect(err, name).toBeInstanceOf(MountbenchError);
      expect((err as Error).message, name).toMatch(/holds \\(x1b|n|u202e|x00), a control character/);
    }
  });

  it(
    'reads nesting up to the 50 MB file limit and refuses it by depth',
    { timeout: CASE_TIMEOUT },
    async () => {
      const half = Math.floor((MAX_RUN_FILE_BYTES - 2) / 2);
      const file = path.join(dir, 'limit.json');
      writeFileSync(file, `${'['.repeat(half)}${']'.repeat(half)}`);
      const err = await answer(() => loadRunFile(file));
      expect((err as Error).message).toMatch(/limit\.json .* nests deeper than 64 levels/);
      rmSync(file);
    },
  );

  it('refuses deep nesting by depth, not by running out of stack', async () => {
    const deep = adversarialCases(1024 * 1024).find((c) => c.name === 'arrays nested to the size limit')!;
    const err = await answer(() => parseRunFileText(deep.text, 'deep.json'));
    expect((err as Error).message).toMatch(/deep\.json .* nests deeper than 64 levels/);
  });

  it('names the path of a forbidden key found deep inside', async () => {
    const proto = adversarialCases(1024).find((c) => c.name === '__proto__ at depth 60')!;
    const err = await answer(() => parseRunFileText(proto.text, 'proto.json'));
    expect((err as Error).message).toMatch(/forbidden key (a\.){60}__proto__/);
  });
});
