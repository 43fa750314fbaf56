import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './content-security-policy';

const indexHtml = readFileSync(join(__dirname, '..', '..', 'renderer', 'index.html'), 'utf8');

function metaPolicy(html: string): string | null {
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
  return match ? match[1] : null;
}

describe('Content-Security-Policy', () => {
  it('is the same in index.html as in the header the main process sends', () => {
    expect(metaPolicy(indexHtml)).toBe(CONTENT_SECURITY_POLICY);
  });

  it('allows no inline script, no eval and no remote script', () => {
    const scriptSrc = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toMatch(/^default-src 'none'/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|https?:|\*/);
  });
});
