import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { createAppUrlMatcher, isSafeExternalUrl } from './app-url';

describe('createAppUrlMatcher', () => {
  it('accepts any page of the dev server origin and nothing else', () => {
    const isApp = createAppUrlMatcher('http://localhost:5173/');
    expect(isApp('http://localhost:5173/')).toBe(true);
    expect(isApp('http://localhost:5173/index.html#/runs')).toBe(true);
    expect(isApp('http://localhost:5174/')).toBe(false);
    expect(isApp('http://127.0.0.1:5173/')).toBe(false);
    expect(isApp('https://localhost:5173/')).toBe(false);
    expect(isApp('https://example.com/')).toBe(false);
    expect(isApp('not a url')).toBe(false);
  });

  it('accepts only the built index.html file, with any hash or query', () => {
    const indexHtml = join(tmpdir(), 'mountbench-app', 'out', 'renderer', 'index.html');
    const appUrl = pathToFileURL(indexHtml).href;
    const isApp = createAppUrlMatcher(appUrl);
    expect(isApp(appUrl)).toBe(true);
    expect(isApp(`${appUrl}#/results`)).toBe(true);
    expect(isApp(`${appUrl}?x=1`)).toBe(true);
    expect(isApp(pathToFileURL(join(tmpdir(), 'evil.html')).href)).toBe(false);
    expect(isApp(pathToFileURL(`${indexHtml}.evil.html`).href)).toBe(false);
    expect(isApp('http://localhost:5173/')).toBe(false);
    expect(isApp('about:blank')).toBe(false);
  });

  it('refuses an app URL of another scheme', () => {
    expect(() => createAppUrlMatcher('data:text/html,hi')).toThrow(/http\(s\) or file/);
  });
});

describe('isSafeExternalUrl', () => {
  it('lets only plain https links out to the system browser', () => {
    expect(isSafeExternalUrl('https://docs.docker.com/desktop/settings/')).toBe(true);
    expect(isSafeExternalUrl('http://example.com/')).toBe(false);
    expect(isSafeExternalUrl('file:///etc/passwd')).toBe(false);
    expect(isSafeExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeExternalUrl('smb://host/share')).toBe(false);
    expect(isSafeExternalUrl('https://user:pass@example.com/')).toBe(false);
    expect(isSafeExternalUrl('')).toBe(false);
  });
});
