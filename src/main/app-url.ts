// Which URLs are "our app". The renderer is served from one place only: the Vite dev server's
// origin while developing, the built index.html file otherwise. Everything else is foreign.

/** Returns a predicate that is true only for documents of the app loaded from `appUrl`. */
export function createAppUrlMatcher(appUrl: string): (url: string) => boolean {
  const app = new URL(appUrl);
  if (app.protocol === 'http:' || app.protocol === 'https:') {
    // Dev server: any path on the same origin (Vite serves modules and the HMR client there).
    return (url) => {
      const candidate = tryParse(url);
      return candidate !== null && candidate.origin === app.origin;
    };
  }
  if (app.protocol === 'file:') {
    // file: URLs all share the opaque origin "null", so compare the exact document instead.
    return (url) => {
      const candidate = tryParse(url);
      return (
        candidate !== null &&
        candidate.protocol === 'file:' &&
        candidate.host === app.host &&
        candidate.pathname === app.pathname
      );
    };
  }
  throw new Error(`The app URL must be http(s) or file, got ${app.protocol}`);
}

/** Links the app may hand to the system browser: https only, never file:, javascript: or custom schemes. */
export function isSafeExternalUrl(url: string): boolean {
  const candidate = tryParse(url);
  return (
    candidate !== null &&
    candidate.protocol === 'https:' &&
    candidate.username === '' &&
    candidate.password === ''
  );
}

function tryParse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
