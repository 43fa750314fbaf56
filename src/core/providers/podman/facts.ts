// Podman machine, what Mountbench knows without driving it (product-facts.ts).
import type { ProductFacts } from '../product-facts';
import { podmanSockets } from './machine-sockets';
import { podmanAction } from './setup-action';
import { podmanTradeOffs } from './trade-offs';

export const podmanFacts: ProductFacts = {
  id: 'podman',
  discovery: {
    // `$TMPDIR/podman/<machine>-api.sock` (pkg/machine/vmconfigs/sockets_darwin.go).
    socketPathMarks: ['/podman/'],
    // Podman makes no Docker context; a context a user named after it is taken as its.
    isOwnContextName: (name) => name.toLowerCase().startsWith('podman'),
    knownSockets: (env, home) => podmanSockets(env, home),
  },
  ownsItsVm: true,
  // Mountbench never writes a Podman file: every variant is its own machine, made and removed by
  // the podman CLI, and the user's machine files and containers.conf are only read.
  ownedSettingsFiles: () => [],
  publishedLabel: /^Podman\b/i,
  // Podman's macOS installer puts podman in /opt/podman/bin (Homebrew's folders the shell adds itself).
  cliFolders: () => ['/opt/podman/bin'],
  advice: { action: podmanAction, tradeOffs: podmanTradeOffs },
};
