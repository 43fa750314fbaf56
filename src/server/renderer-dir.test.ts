import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRendererDir, rendererDirCandidates } from './renderer-dir';

const empty = mkdtempSync(join(tmpdir(), 'mountbench-no-renderer-'));
const built = mkdtempSync(join(tmpdir(), 'mountbench-renderer-'));
writeFileSync(join(built, 'index.html'), '<html></html>');
afterAll(() => {
  rmSync(empty, { recursive: true, force: true });
  rmSync(built, { recursive: true, force: true });
});

describe('findRendererDir', () => {
  it('looks in out/renderer of the checkout first', () => {
    expect(rendererDirCandidates()[0]).toMatch(/out[/\\]renderer$/);
  });

  it('takes the first folder with an index.html', () => {
    expect(findRendererDir([empty, built])).toBe(built);
  });

  it('says to run `npm run build` when the dashboard is not built', () => {
    expect(() => findRendererDir([empty])).toThrow(/not built.*npm run build/);
  });
});
