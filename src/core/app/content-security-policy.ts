// The one Content-Security-Policy of the renderer. It is sent as a response header for pages served
// over http (the dev server) and repeated in index.html's <meta>, because file:// pages (the built
// app) get no response headers. A unit test keeps the two copies identical.
//
// No inline or remote script, no eval, no plugins, no framing; styles may be inline because React
// `style` props and Vite's dev-time CSS injection need it. 'self' also covers the dev server's
// HMR WebSocket (same host and port).
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-src 'none'",
].join('; ');

/** Only valid as a header (ignored in <meta>), so it is added there alone. */
export const CSP_HEADER_ONLY = "frame-ancestors 'none'";
