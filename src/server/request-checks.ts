// Who may talk to `mountbench serve`. Three checks, each against a different attacker:
// - Host: a web page on another name that resolves to 127.0.0.1 (DNS rebinding) sends its own
//   name as Host; only our own loopback names with our port pass.
// - Origin (WebSocket only): a page of another origin can open a WebSocket to loopback, and
//   browsers do not apply the same-origin policy to it; the Origin header they send tells.
// - Token: the secret printed in the URL (or a session got for a one-time code), which the page
//   keeps in sessionStorage and sends on the WebSocket. Never a cookie: cookies do not keep ports
//   apart, so any other server on 127.0.0.1 would receive it (serve-credentials.ts).

export interface Refusal {
  status: 400 | 401 | 403 | 404;
  reason: string;
}

/** The Host values a browser sends for this server: `127.0.0.1:PORT` or `localhost:PORT`. */
export function allowedHosts(port: number): string[] {
  const names = ['127.0.0.1', 'localhost'];
  // Browsers leave out the default port, so on port 80 the bare name is what arrives.
  return names.flatMap((name) => (port === 80 ? [name, `${name}:80`] : [`${name}:${port}`]));
}

export function checkHost(host: string | undefined, port: number): Refusal | null {
  if (host === undefined || host === '')
    return { status: 400, reason: 'Refused: the request has no Host header' };
  if (allowedHosts(port).includes(host.toLowerCase())) return null;
  return {
    status: 403,
    reason: `Refused: Host "${host.slice(0, 100)}" is not this server (only 127.0.0.1:${port} or localhost:${port})`,
  };
}

/** A WebSocket must come from a page this server served: Origin `http://` + the (checked) Host. */
export function checkOrigin(origin: string | undefined, host: string): Refusal | null {
  if (origin === undefined || origin === '') {
    return { status: 403, reason: 'Refused: a WebSocket needs an Origin header of this server' };
  }
  if (origin.toLowerCase() === `http://${host.toLowerCase()}`) return null;
  return {
    status: 403,
    reason: `Refused: a WebSocket from origin "${origin.slice(0, 100)}"; only http://${host} may connect`,
  };
}

/** The page's credential, in the address or the WebSocket's: the token or a session. */
export function checkCredential(candidate: string | null, valid: (c: string) => boolean): Refusal | null {
  if (candidate === null || candidate === '') {
    return {
      status: 401,
      reason: 'Unauthorized: no token. Open the address `mountbench serve` printed: it ends in ?token=…',
    };
  }
  if (!valid(candidate)) {
    return {
      status: 401,
      reason:
        'Unauthorized: wrong token (from an earlier `mountbench serve`?). Open the address it printed this time.',
    };
  }
  return null;
}
