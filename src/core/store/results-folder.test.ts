import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkResultsFolder } from './results-folder';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mountbench-results-folder-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('checkResultsFolder', () => {
  it('makes the results folder, and refuses a data folder that is a file', async () => {
    await checkResultsFolder(join(dir, 'data', 'results'));
    expect(readdirSync(join(dir, 'data'))).toEqual(['results']);
    writeFileSync(join(dir, 'data-file'), '');
    await expect(checkResultsFolder(join(dir, 'data-file', 'results'))).rejects.toThrow(
      /results cannot be saved in .*data-file\/results: part of the path is a file, not a folder \(MOUNTBENCH_DATA_DIR/,
    );
  });
});
