// Parses a Docker endpoint the way the docker CLI reads `DOCKER_HOST` and a context's `Host`.
import { MountbenchError } from '../../shared/errors';

export type ParsedEndpoint =
  | { scheme: 'unix'; path: string }
  | { scheme: 'tcp'; host: string; port?: number }
  | { scheme: 'ssh'; host: string; port?: number; username?: string };

const SUPPORTED = 'unix:///path/to/docker.sock, tcp://host:port or ssh://user@host[:port]';

export function parseEndpoint(endpoint: string): ParsedEndpoint {
  const trimmed = endpoint.trim();
  if (trimmed === '') throw bad(endpoint, 'it is empty');
  // The docker CLI treats a bare `host:port` as tcp.
  const withScheme = trimmed.includes('://') ? trimmed : `tcp://${trimmed}`;
  const scheme = withScheme.slice(0, withScheme.indexOf('://')).toLowerCase();

  if (scheme === 'unix') {
    const path = withScheme.slice('unix://'.length);
    if (!path.startsWith('/')) throw bad(endpoint, 'a unix socket needs an absolute path');
    return { scheme: 'unix', path };
  }
  if (scheme === 'npipe') {
    throw bad(endpoint, 'Windows named pipes are not supported; Mountbench runs on macOS and Linux');
  }
  if (scheme !== 'tcp' && scheme !== 'ssh') throw bad(endpoint, `the scheme "${scheme}://" is not supported`);

  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw bad(endpoint, 'it is not a valid address');
  }
  // URL keeps the brackets of an IPv6 literal; sockets want the bare address.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw bad(endpoint, 'it names no host');
  const port = url.port === '' ? undefined : Number(url.port);
  if (scheme === 'tcp') return { scheme: 'tcp', host, port };
  return {
    scheme: 'ssh',
    host,
    port,
    username: url.username === '' ? undefined : decodeURIComponent(url.username),
  };
}

/** The socket path of a `unix://` endpoint, or undefined for network endpoints and bad input. */
export function socketPathOf(endpoint: string): string | undefined {
  try {
    const parsed = parseEndpoint(endpoint);
    return parsed.scheme === 'unix' ? parsed.path : undefined;
  } catch {
    return undefined;
  }
}

function bad(endpoint: string, why: string): MountbenchError {
  return new MountbenchError(
    'BAD_INPUT',
    `Cannot use the Docker endpoint "${endpoint}": ${why}. Use ${SUPPORTED}.`,
  );
}
