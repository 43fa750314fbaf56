import { describe, expect, it } from 'vitest';
import { EDITED_FILE, PAGE_PATH, pageReloadFixture, parsePage } from './page-reload-app';
import { pageReload } from './page-reload';
import { parallelRead } from './parallel-read';

describe('page-reload fixture', () => {
  it('holds exactly the files and bytes it announces, the page and the edited template among them', () => {
    const spec = pageReloadFixture(pageReload.sizes.quick.files);
    const entries = [...spec.entries()];
    const files = entries.filter((e) => e.type === 'file');
    expect(entries.length).toBe(spec.entryCount);
    expect(files.reduce((sum, f) => sum + (f.type === 'file' ? f.content!().length : 0), 0)).toBe(
      spec.totalBytes,
    );
    const paths = files.map((f) => f.path);
    expect(paths).toContain(PAGE_PATH.slice(1));
    expect(paths).toContain(EDITED_FILE);
    // The page counts every file under src/: the sources and the template.
    expect(paths.filter((p) => p.startsWith('src/')).length).toBe(pageReload.sizes.quick.files);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('is the same every time it is laid', () => {
    const a = [...pageReloadFixture(50).entries()].map((e) =>
      e.type === 'file' ? e.content!().toString() : e.path,
    );
    const b = [...pageReloadFixture(50).entries()].map((e) =>
      e.type === 'file' ? e.content!().toString() : e.path,
    );
    expect(a).toEqual(b);
  });
});

describe('parsePage', () => {
  it('reads what the page says', () => {
    expect(parsePage('files 400\nbytes 3300000\nmarker t3-99\n')).toEqual({
      files: 400,
      bytes: 3_300_000,
      marker: 't3-99',
    });
  });

  it.each([
    ['an error page', '<HTML>404 Not Found</HTML>'],
    ['a truncated page', 'files 400\nbytes 33'],
    ['extra lines', 'files 1\nbytes 1\nmarker x\nmore\n'],
    ['no count', 'files \nbytes 1\nmarker x\n'],
  ])('refuses %s', (_what, body) => {
    expect(parsePage(body)).toBeNull();
  });
});

describe('sizes', () => {
  it('page-reload: a few hundred files and requests by default, less for quick', () => {
    expect(pageReload.sizes.default.files).toBeGreaterThanOrEqual(200);
    expect(pageReload.sizes.default.requests).toBeGreaterThanOrEqual(200);
    expect(pageReload.sizes.quick.requests).toBeLessThan(pageReload.sizes.default.requests);
  });

  it('parallel-read: four readers, each the published small-file read by default', () => {
    expect(parallelRead.sizes.default).toEqual({ files: 20_000, fileBytes: 5_120, parallel: 4 });
    expect(parallelRead.unsupportedOn!('tmpfs')).toMatch(/one container/);
    expect(parallelRead.unsupportedOn!('volume')).toBeNull();
    expect(pageReload.unsupportedOn!('host')).toMatch(/container/);
    expect(pageReload.unsupportedOn!('tmpfs')).toBeNull();
  });
});
