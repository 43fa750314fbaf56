import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORTS_MAX_BYTES, parseExports, readExportsFile } from './exports-file';

describe('parseExports, macOS form (exports(5))', () => {
  it('reads paths, -alldirs, -ro, hosts and -network, across a continued line and comments', () => {
    const text = [
      '# the guide line',
      '/System/Volumes/Data/Users/me -alldirs -mapall=501:20 localhost',
      '/Users/a /Users/b -ro \\',
      '  -network 192.168.64.0 -mask 255.255.255.0',
      'nonsense here',
    ].join('\n');
    const { entries, problems } = parseExports(text, 'macos');
    expect(entries).toEqual([
      {
        path: '/System/Volumes/Data/Users/me',
        writable: true,
        clients: ['localhost'],
        subfoldersMountable: true,
        line: 2,
      },
      {
        path: '/Users/a',
        writable: false,
        clients: ['network 192.168.64.0'],
        subfoldersMountable: false,
        line: 3,
      },
      {
        path: '/Users/b',
        writable: false,
        clients: ['network 192.168.64.0'],
        subfoldersMountable: false,
        line: 3,
      },
    ]);
    expect(problems).toEqual(['line 5: an export starts with an absolute path']);
  });

  it('refuses a path with ..', () => {
    expect(parseExports('/Users/../etc -alldirs', 'macos').problems[0]).toMatch(/not a plain absolute path/);
  });
});

describe('parseExports, Linux form', () => {
  it('is read-only unless a client says rw, and unquotes octal escapes', () => {
    const { entries } = parseExports(
      '/srv/ro 127.0.0.1(ro,sync)\n"/srv/my\\040project" 127.0.0.1(rw,sync,insecure) *(ro)\n',
      'linux',
    );
    expect(entries.map((e) => [e.path, e.writable, e.clients])).toEqual([
      ['/srv/ro', false, ['127.0.0.1']],
      ['/srv/my project', true, ['127.0.0.1', '*']],
    ]);
  });
});

describe('readExportsFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mountbench-exports-'));
  it('is empty for a missing file', () => {
    expect(readExportsFile(join(dir, 'none'), 'linux')).toEqual({ entries: [], problems: [] });
  });
  it('refuses a file past the bound without parsing it', () => {
    const big = join(dir, 'big');
    writeFileSync(big, '/srv 127.0.0.1(rw)\n'.repeat(EXPORTS_MAX_BYTES / 10));
    const reading = readExportsFile(big, 'linux');
    expect(reading.entries).toEqual([]);
    expect(reading.problems[0]).toMatch(/larger than/);
  });
  it('reads a real file', () => {
    const file = join(dir, 'exports');
    writeFileSync(file, '/srv 127.0.0.1(rw)\n');
    expect(readExportsFile(file, 'linux').entries[0]).toMatchObject({ path: '/srv', writable: true });
  });
});
