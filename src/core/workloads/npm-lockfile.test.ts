import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lockedTarballs } from './npm-lockfile';
import { npmProject } from './npm-projects';

const lock = (packages: Record<string, unknown>, lockfileVersion: unknown = 3) =>
  JSON.stringify({ name: 'x', lockfileVersion, packages: { '': { name: 'x' }, ...packages } });
const integrity = 'sha512-AAAA';

describe('the shipped projects', () => {
  it.each(['create-react-app', 'serve-static'])('%s is laid byte for byte as npm wrote it', (id) => {
    const dir = new URL(`../../../resources/npm-install/${id}/`, import.meta.url);
    expect(npmProject(id).manifest).toBe(readFileSync(new URL('package.json', dir), 'utf8'));
    expect(npmProject(id).lockfile).toBe(readFileSync(new URL('package-lock.json', dir), 'utf8'));
  });
});

describe('lockedTarballs', () => {
  it('lists every tarball of the shipped lockfiles once, duplicates of a package merged', () => {
    const cra = lockedTarballs(npmProject('create-react-app').lockfile, 'cra');
    expect(cra.length).toBe(1192);
    expect(new Set(cra.map((t) => t.url)).size).toBe(cra.length);
    expect(cra.find((t) => t.name === 'react-scripts')?.version).toBe('5.0.1');
    expect(lockedTarballs(npmProject('serve-static').lockfile, 'quick').length).toBe(21);
  });

  it('builds the registry URL when the lockfile omits `resolved`, scoped names included', () => {
    const [plain, scoped] = lockedTarballs(
      lock({
        'node_modules/ms': { version: '2.1.3', integrity: 'sha512-A' },
        'node_modules/a/node_modules/@babel/core': { version: '7.0.0', integrity: 'sha512-B' },
      }),
      'test',
      'https://registry.example.com/npm/',
    );
    expect(plain.url).toBe('https://registry.example.com/npm/ms/-/ms-2.1.3.tgz');
    expect(scoped).toMatchObject({
      name: '@babel/core',
      url: 'https://registry.example.com/npm/@babel/core/-/core-7.0.0.tgz',
    });
  });

  it('skips links and bundled packages, which have no tarball of their own', () => {
    const found = lockedTarballs(
      lock({
        'node_modules/ms': { version: '2.1.3', integrity },
        'node_modules/local': { link: true, resolved: 'packages/local' },
        'node_modules/ms/node_modules/inner': { version: '1.0.0', inBundle: true },
      }),
      'test',
    );
    expect(found.map((t) => t.name)).toEqual(['ms']);
  });

  it.each([
    ['not JSON', '{', /not JSON/],
    ['a lockfile npm 6 wrote', lock({}, 1), /lockfileVersion 1/],
    ['no packages', JSON.stringify({ lockfileVersion: 3 }), /no "packages"/],
    ['nothing locked', lock({}), /locks no packages/],
    ['a package without integrity', lock({ 'node_modules/ms': { version: '2.1.3' } }), /no integrity/],
    ['a bad version', lock({ 'node_modules/ms': { version: '$(rm -rf ~)', integrity } }), /no valid version/],
    [
      'a name that is an option',
      lock({ 'node_modules/--global': { version: '1.0.0', integrity } }),
      /no valid package name/,
    ],
    [
      'a tarball that is not https',
      lock({ 'node_modules/ms': { version: '1.0.0', integrity, resolved: 'file:../ms.tgz' } }),
      /not an https tarball/,
    ],
    ['too many bytes', ' '.repeat(8 * 1024 * 1024 + 1), /larger than/],
  ])('refuses %s', (_what, text, message) => {
    expect(() => lockedTarballs(text, 'test')).toThrow(message);
  });
});
