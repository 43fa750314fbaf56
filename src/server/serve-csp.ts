// The dashboard in a browser gets the desktop app's Content-Security-Policy, with one change:
// the only place it may connect to is this server (its WebSocket), named exactly.
import { CONTENT_SECURITY_POLICY, CSP_HEADER_ONLY } from '../core/app/content-security-policy';

/** `host` is the request's Host header, already checked to be 127.0.0.1/localhost with our port. */
export function serveContentSecurityPolicy(host: string): string {
  const directives = CONTENT_SECURITY_POLICY.split('; ').map((directive) =>
    directive.startsWith('connect-src ') ? `connect-src 'self' ws://${host}` : directive,
  );
  return [...directives, CSP_HEADER_ONLY].join('; ');
}

/** Sent with every response: no sniffing, no framing, no Referer carrying the address out. */
export function securityHeaders(host: string): Record<string, string> {
  return {
    'Content-Security-Policy': serveContentSecurityPolicy(host),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
