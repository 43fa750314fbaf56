// Which product owns an engine, guessed from where its socket really is and from the context name.
// The socket's real path comes first: on a Mac /var/run/docker.sock is often a link to Docker
// Desktop's socket, and a context named `default` says nothing about who answers.
import path from 'node:path';
import type { ProviderId } from '../../shared/ids';

export interface ProviderHints {
  /** Context or known-socket name. */
  name: string;
  /** The unix socket path as written in the endpoint, if the endpoint is a unix socket. */
  socketPath?: string;
  /** The same path with symlinks resolved, when it could be resolved. */
  realSocketPath?: string;
  /** `$COLIMA_HOME` (or `~/.colima`), since colima's sockets live wherever it points. */
  colimaHome?: string;
}

// Substrings of socket paths each product uses, including the places their sockets link to
// (Docker Desktop's ~/.docker/run/docker.sock leads into ~/Library/Containers/com.docker.docker).
const PATH_RULES: Array<[ProviderId, string[]]> = [
  ['docker-desktop', ['/.docker/run/', '/.docker/desktop/', '/com.docker.docker/']],
  ['rancher-desktop', ['/.rd/', '/rancher-desktop/']],
  ['colima', ['/.colima/']],
  ['orbstack', ['/.orbstack/', 'orbstack']],
];

export function guessProvider(hints: ProviderHints): ProviderId {
  for (const socket of [hints.realSocketPath, hints.socketPath]) {
    if (!socket) continue;
    if (hints.colimaHome && isInside(socket, hints.colimaHome)) return 'colima';
    for (const [provider, needles] of PATH_RULES) {
      if (needles.some((needle) => socket.includes(needle))) return provider;
    }
  }
  return guessFromName(hints.name);
}

function guessFromName(name: string): ProviderId {
  const lower = name.toLowerCase();
  if (lower === 'desktop-linux' || lower === 'docker-desktop') return 'docker-desktop';
  if (lower.startsWith('rancher-desktop')) return 'rancher-desktop';
  if (lower.startsWith('colima')) return 'colima';
  if (lower.startsWith('orbstack')) return 'orbstack';
  return 'docker-engine';
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
