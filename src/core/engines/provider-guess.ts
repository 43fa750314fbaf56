// Which product owns an engine, guessed from where its socket really is and from the context name.
// The socket's real path comes first: on a Mac /var/run/docker.sock is often a link to Docker
// Desktop's socket, and a context named `default` says nothing about who answers. Each product's
// marks are in its facts (providers/<id>/facts.ts); what none claims is the plain engine.
import path from 'node:path';
import type { ProviderId } from '../../shared/ids';
import { PLAIN_ENGINE } from '../vocab/plain-engine-id';
import { PRODUCT_FACTS } from '../providers/catalog';
import type { ProductFacts } from '../providers/product-facts';

export interface ProviderHints {
  /** Context or known-socket name. */
  name: string;
  /** The unix socket path as written in the endpoint, if the endpoint is a unix socket. */
  socketPath?: string;
  /** The same path with symlinks resolved, when it could be resolved. */
  realSocketPath?: string;
  /** Folders whose sockets belong to a product wherever they are (colima's `$COLIMA_HOME`). */
  productFolders?: ReadonlyArray<{ provider: ProviderId; dir: string }>;
}

/** The folders products claim on this machine, for `ProviderHints.productFolders`. */
export function productSocketFolders(
  env: NodeJS.ProcessEnv,
  home: string,
  modules: readonly ProductFacts[] = PRODUCT_FACTS,
): Array<{ provider: ProviderId; dir: string }> {
  return modules.flatMap((m) =>
    (m.discovery.socketFolders?.(env, home) ?? []).map((dir) => ({ provider: m.id, dir })),
  );
}

export function guessProvider(
  hints: ProviderHints,
  modules: readonly ProductFacts[] = PRODUCT_FACTS,
): ProviderId {
  for (const socket of [hints.realSocketPath, hints.socketPath]) {
    if (!socket) continue;
    const folder = hints.productFolders?.find((f) => isInside(socket, f.dir));
    if (folder) return folder.provider;
    const marked = modules.find((m) => m.discovery.socketPathMarks.some((mark) => socket.includes(mark)));
    if (marked) return marked.id;
  }
  return modules.find((m) => m.discovery.isOwnContextName(hints.name))?.id ?? PLAIN_ENGINE;
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
