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

  it("round-trips the product's own release, and reads an older file that has none", () => {
    const base = sampleRun();
    const engine = base.engine!;
    const withRelease = sampleRun({ engine: { ...engine, productVersion: '4.37.1' } });
    expect(parseRunFileText(runFileJson(withRelease), 'new').engine?.productVersion).toBe('4.37.1');
    const unknown = sampleRun({ engine: { ...engine, productVersion: null } });
    expect(parseRunFileText(runFileJson(unknown), 'new').engine?.productVersion).toBeNull();
    // A file written before the field existed: the key is simply not there.
    expect('productVersion' in engine).toBe(false);
    const old = parseRunFileText(JSON.stringify(base), 'old');
    expect(old.engine?.productVersion).toBeUndefined();
    expect(old.engine?.serverVersion).toBe('26.0.0');
  });

  it('refuses a product version that is not one (a sentence, a path, too long)', () => {
    const engine = sampleRun().engine!;
    for (const bad of ['4.37.1 (see /Users/alice)', '../4.37', '', '4'.repeat(41)]) {
      const text = JSON.stringify(sampleRun({ engine: { ...engine, productVersion: bad } }));
      expect(() => parseRunFileText(text, 'hand-edited'), bad).toThrow(/productVersion/);
    }
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
