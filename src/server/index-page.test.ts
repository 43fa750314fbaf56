import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIndexPage, MAX_INDEX_PAGE_BYTES } from './index-page';

const root = mkdtempSync(join(tmpdir(), 'mountbench-index-page-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The real file system, counting whole-file reads. */
function countingFs() {
  const fs = {
    reads: 0,
    stat,
    readFile: (file: string) => {
      fs.reads += 1;
      return readFile(file);
    },
  };
  return fs;
}

describe('createIndexPage', () => {
  it('reads the page once while it is unchanged', async () => {
    const file = join(root, 'same.html');
    writeFileSync(file, '<html>one</html>');
    const fs = countingFs();
    const page = createIndexPage(file, fs);
    expect(await page.text()).toBe('<html>one</html>');
    expect(await page.text()).toBe('<html>one</html>');
    expect(await page.text()).toBe('<html>one</html>');
    expect(fs.reads).toBe(1);
  });

  it('reads it again once the file changed, even to the same size', async () => {
    const file = join(root, 'rebuilt.html');
    writeFileSync(file, '<html>old</html>');
    const fs = countingFs();
    const page = createIndexPage(file, fs);
    expect(await page.text()).toBe('<html>old</html>');
    writeFileSync(file, '<html>new</html>');
    // Same size: only the modification time tells; make sure it differs.
    const later = new Date(statSync(file).mtimeMs + 5000);
    utimesSync(file, later, later);
    expect(await page.text()).toBe('<html>new</html>');
    expect(fs.reads).toBe(2);
  });

  it('refuses a file larger than a page can be, and a folder', async () => {
    const big = join(root, 'big.html');
    writeFileSync(big, Buffer.alloc(MAX_INDEX_PAGE_BYTES + 1, 'a'));
    const fs = countingFs();
    await expect(createIndexPage(big, fs).text()).rejects.toThrow(/more than a dashboard page/);
    await expect(createIndexPage(root, fs).text()).rejects.toThrow(/not a file/);
    expect(fs.reads).toBe(0);
  });
});
