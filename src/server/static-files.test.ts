import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { injectToken, resolveStaticPath } from './static-files';

const root = mkdtempSync(join(tmpdir(), 'mountbench-static-'));
const site = join(root, 'site');
mkdirSync(join(site, 'assets'), { recursive: true });
writeFileSync(join(site, 'index.html'), '<html><head></head></html>');
writeFileSync(join(site, 'assets', 'app.js'), 'x');
writeFileSync(join(root, 'secret.txt'), 'secret');
symlinkSync(join(root, 'secret.txt'), join(site, 'assets', 'link.txt'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('resolveStaticPath', () => {
  it('finds files inside the folder', async () => {
    expect(await resolveStaticPath(site, '/assets/app.js')).toMatch(/assets[/\\]app\.js$/);
  });

  it('refuses anything that leaves the folder, however it is spelled', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/assets/link.txt',
      '/assets/app.js%00.png',
      '/assets\\..\\..\\secret.txt',
      '/%E0%A4%A',
      '/assets',
      '/missing.js',
    ]) {
      expect(await resolveStaticPath(site, path), path).toBeNull();
    }
  });
});

describe('injectToken', () => {
  it('adds the token as a <meta> in the head, keeping only token characters', () => {
    expect(injectToken('<html><head><title>x</title></head></html>', 'abc_-1')).toContain(
      '<meta name="mountbench-token" content="abc_-1" />',
    );
    expect(injectToken('<head></head>', 'a"><script>')).toContain('content="ascript"');
  });
});
