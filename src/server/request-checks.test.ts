import { describe, expect, it } from 'vitest';
import { allowedHosts, checkHost, checkOrigin, checkCredential } from './request-checks';
import { createToken, tokensMatch } from './serve-token';

describe('checkHost', () => {
  it('accepts only our loopback names with our port', () => {
    expect(checkHost('127.0.0.1:4000', 4000)).toBeNull();
    expect(checkHost('LOCALHOST:4000', 4000)).toBeNull();
    for (const host of ['127.0.0.1:4001', 'evil.example:4000', 'evil.example', '127.0.0.1', '[::1]:4000']) {
      expect(checkHost(host, 4000), host).toMatchObject({ status: 403, reason: /not this server/ });
    }
    expect(checkHost(undefined, 4000)).toMatchObject({ status: 400 });
  });

  it('accepts the bare name on port 80, where browsers leave the port out', () => {
    expect(allowedHosts(80)).toContain('127.0.0.1');
    expect(checkHost('localhost', 80)).toBeNull();
  });
});

describe('checkOrigin', () => {
  it('accepts only a page of this very server', () => {
    expect(checkOrigin('http://127.0.0.1:4000', '127.0.0.1:4000')).toBeNull();
    expect(checkOrigin('http://localhost:4000', 'localhost:4000')).toBeNull();
    for (const origin of [
      'http://localhost:4000',
      'https://127.0.0.1:4000',
      'http://127.0.0.1:4001',
      'https://evil.example',
      'null',
      'file://',
    ]) {
      expect(checkOrigin(origin, '127.0.0.1:4000'), origin).toMatchObject({ status: 403 });
    }
    expect(checkOrigin(undefined, '127.0.0.1:4000')).toMatchObject({
      status: 403,
      reason: /needs an Origin/,
    });
  });
});

describe('tokens', () => {
  it('are 256 random bits, different every time', () => {
    const a = createToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(createToken()).not.toBe(a);
  });

  it('match only the same text, whatever the type or length of the candidate', () => {
    const token = createToken();
    expect(tokensMatch(token, token)).toBe(true);
    expect(tokensMatch(`${token}x`, token)).toBe(false);
    expect(tokensMatch(token.slice(1), token)).toBe(false);
    expect(tokensMatch('', token)).toBe(false);
    expect(tokensMatch(undefined, token)).toBe(false);
    expect(tokensMatch(42, token)).toBe(false);
  });

  it('tell a missing token from a wrong one', () => {
    const valid = (c: string) => c === 't';
    expect(checkCredential(null, valid)).toMatchObject({ status: 401, reason: /no token/ });
    expect(checkCredential('u', valid)).toMatchObject({ status: 401, reason: /wrong token/ });
    expect(checkCredential('t', valid)).toBeNull();
  });
});
