// The secret that stands between the dashboard and anything else on this machine that can reach
// 127.0.0.1: other users' processes, and web pages in any browser tab (which can aim requests at
// loopback). 256 random bits, compared in constant time. It only stops them while it stays out of
// their reach: printed on stdout, never on a command line nor in a cookie (serve-credentials.ts).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The token's own digest, kept: every WebSocket message is checked, and serve has one token. */
let known: { token: string; digest: Buffer } | null = null;

function tokenDigest(token: string): Buffer {
  if (known?.token !== token) known = { token, digest: digest(token) };
  return known.digest;
}

/** Constant time whatever the candidate's length: both sides are hashed to the same size first. */
export function tokensMatch(candidate: unknown, token: string): boolean {
  if (typeof candidate !== 'string' || candidate === '') return false;
  return timingSafeEqual(digest(candidate), tokenDigest(token));
}
