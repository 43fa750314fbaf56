// What opens `mountbench serve` to a page, and how it reaches the page without leaking.
//
// - The token: 256 random bits, printed on stdout only (the terminal of whoever started serve).
//   It is reusable: each tab opened with the printed address gets it.
// - One-time codes, for `--open`: the browser is started with an address in its command line,
//   which every local user can read (`ps`, /proc/PID/cmdline) for as long as the browser runs. So
//   that address holds a code, not the token: usable once, for CODE_LIFETIME_MS, and exchanged for
//   a session credential of its own. If the code is presented a second time (someone read it and
//   used it before the browser, or after), the session it gave is revoked: whoever raced the
//   browser loses the connection as soon as the browser arrives, and serve says so.
// - No cookie carries any of these: cookies do not keep ports apart, so a cookie set by
//   127.0.0.1:PORT is sent to every other server on 127.0.0.1, whatever its name. The page keeps
//   its credential in sessionStorage (this tab only) and sends it on the WebSocket.
import { createHash, randomBytes } from 'node:crypto';
import { tokensMatch } from './serve-token';

/** Long enough for a browser to start cold; short enough that a code read later is worthless. */
export const CODE_LIFETIME_MS = 60_000;
/** Codes and sessions kept at most; the oldest go first (each `--open` or reuse adds one). */
const MAX_ENTRIES = 64;

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64url');

export type Redeemed =
  | { ok: true; session: string }
  | { ok: false; reason: string; /** the session the code had given, now revoked */ revoked: string | null };

export interface ServeCredentials {
  readonly token: string;
  /** A fresh one-time code. */
  issueCode(): string;
  /** Exchanges a code for a session credential, once; a second use revokes that session. */
  redeemCode(code: string): Redeemed;
  /** The token or a live session. */
  valid(candidate: unknown): boolean;
}

interface CodeEntry {
  expires: number;
  used: boolean;
  /** The session's digest while it lives. */
  session: string | null;
}

export function createServeCredentials(token: string, now: () => number = Date.now): ServeCredentials {
  // Keyed by digest, so a lookup's timing says nothing about the secret itself.
  const codes = new Map<string, CodeEntry>();
  const sessions = new Set<string>();

  function trim<T>(map: Map<string, T> | Set<string>): void {
    while (map.size > MAX_ENTRIES) {
      const oldest = map.keys().next().value as string;
      map.delete(oldest);
    }
  }

  return {
    token,
    issueCode() {
      const code = randomBytes(32).toString('base64url');
      codes.set(digest(code), { expires: now() + CODE_LIFETIME_MS, used: false, session: null });
      trim(codes);
      return code;
    },
    redeemCode(code) {
      const entry = codes.get(digest(code));
      if (entry === undefined) {
        return {
          ok: false,
          reason:
            'Unauthorized: this one-time code is not one this server gave (from an earlier `mountbench serve`?). ' +
            'Open the address serve printed.',
          revoked: null,
        };
      }
      if (entry.used) {
        const revoked = entry.session;
        if (revoked !== null) sessions.delete(revoked);
        entry.session = null;
        return {
          ok: false,
          reason:
            'Unauthorized: this one-time code was already used, so someone else may have read it from the ' +
            "browser's command line; the page it opened was cut off. Open the address serve printed.",
          revoked,
        };
      }
      if (now() > entry.expires) {
        codes.delete(digest(code));
        return {
          ok: false,
          reason: 'Unauthorized: this one-time code has expired. Open the address serve printed.',
          revoked: null,
        };
      }
      const session = randomBytes(32).toString('base64url');
      entry.used = true;
      entry.session = digest(session);
      sessions.add(entry.session);
      trim(sessions);
      return { ok: true, session };
    },
    valid(candidate) {
      if (typeof candidate !== 'string' || candidate === '') return false;
      return tokensMatch(candidate, token) || sessions.has(digest(candidate));
    },
  };
}

/** The digest a session is known by, to find the sockets a revoked one opened. */
export const credentialKey = digest;
