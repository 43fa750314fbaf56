import { describe, expect, it } from 'vitest';
import { CODE_LIFETIME_MS, createServeCredentials } from './serve-credentials';
import { createToken } from './serve-token';

describe('serve credentials', () => {
  it('accept the token and a session got for a code, nothing else', () => {
    const credentials = createServeCredentials(createToken());
    expect(credentials.valid(credentials.token)).toBe(true);
    const code = credentials.issueCode();
    expect(credentials.valid(code)).toBe(false);
    const redeemed = credentials.redeemCode(code);
    if (!redeemed.ok) throw new Error(redeemed.reason);
    expect(credentials.valid(redeemed.session)).toBe(true);
    expect(credentials.valid('')).toBe(false);
    expect(credentials.valid(undefined)).toBe(false);
  });

  it('take a code once: a second use revokes the session the first got, and a third stays refused', () => {
    const credentials = createServeCredentials(createToken());
    const code = credentials.issueCode();
    const first = credentials.redeemCode(code);
    if (!first.ok) throw new Error(first.reason);
    const second = credentials.redeemCode(code);
    expect(second).toMatchObject({ ok: false, reason: /already used/ });
    expect(second.ok === false && second.revoked).toBeTruthy();
    expect(credentials.valid(first.session)).toBe(false);
    expect(credentials.redeemCode(code)).toMatchObject({ ok: false, reason: /already used/ });
  });

  it('refuse an expired code and one it never gave', () => {
    let clock = 1_000;
    const credentials = createServeCredentials(createToken(), () => clock);
    const code = credentials.issueCode();
    clock += CODE_LIFETIME_MS + 1;
    expect(credentials.redeemCode(code)).toMatchObject({ ok: false, reason: /expired/ });
    expect(credentials.redeemCode(createToken())).toMatchObject({
      ok: false,
      reason: /not one this server gave/,
    });
    expect(credentials.redeemCode(credentials.token)).toMatchObject({ ok: false });
  });
});
