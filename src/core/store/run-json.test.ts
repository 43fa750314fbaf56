import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRunFileText, saveRun } from './';
import { exportTestRun } from '../exports/test-support/export-test-run';
import { runFileJson, runFileText } from './run-json';
import { sampleRun } from './test-support/run-fixture';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mountbench-export-json-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('runFileJson', () => {
  it('round-trips: parsing the export gives the same run', () => {
    const run = exportTestRun();
    expect(parseRunFileText(runFileJson(run), 'export')).toEqual(run);
  });

  it('is byte for byte what saveRun stores', async () => {
    const run = exportTestRun();
    const file = await saveRun(run, dir);
    expect(runFileJson(run)).toBe(await fs.readFile(file, 'utf8'));
  });

  it('is pretty-printed', () => {
    expect(runFileJson(exportTestRun())).toMatch(/^\{\n {2}"schema": "mountbench-run",\n {2}"version": 1,/);
  });

  it('refuses to export an invalid run', () => {
    const run = { ...exportTestRun(), status: 'exploded' } as unknown as ReturnType<typeof exportTestRun>;
    expect(() => runFileJson(run)).toThrow(/Refusing to export an invalid run: status/);
  });
});

describe('runFileText', () => {
  it('indents a run, and writes it on one line only when indenting would pass the limit', () => {
    const run = sampleRun();
    const pretty = runFileText(run);
    expect(pretty).toBe(`${JSON.stringify(run, null, 2)}\n`);
    const limit = Buffer.byteLength(pretty) - 1;
    const compact = runFileText(run, limit);
    expect(compact).toBe(`${JSON.stringify(run)}\n`);
    expect(JSON.parse(compact)).toEqual(JSON.parse(pretty));
  });
});
