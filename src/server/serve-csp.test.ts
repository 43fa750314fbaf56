import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../core/app/content-security-policy';
import { serveContentSecurityPolicy } from './serve-csp';

describe('serveContentSecurityPolicy', () => {
  it("is the app's policy with connect-src naming only this server's WebSocket, and no framing", () => {
    const policy = serveContentSecurityPolicy('127.0.0.1:4000');
    const directives = policy.split('; ');
    expect(directives).toContain("connect-src 'self' ws://127.0.0.1:4000");
    expect(directives).toContain("frame-ancestors 'none'");
    const others = (text: string) =>
      text.split('; ').filter((d) => !d.startsWith('connect-src') && !d.startsWith('frame-ancestors'));
    expect(others(policy)).toEqual(others(CONTENT_SECURITY_POLICY));
  });
});
