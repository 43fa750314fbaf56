// Lima used directly, what Mountbench knows without driving it (product-facts.ts).
import type { ProductFacts } from '../product-facts';
import { instanceFolders, limaHome, limaYamlOf } from './lima-home';
import { limaSockets } from './lima-sockets';
import { limaAction } from './setup-action';
import { limaTradeOffs } from './trade-offs';

export const limaFacts: ProductFacts = {
  id: 'lima',
  discovery: {
    socketPathMarks: ['/.lima/'],
    isOwnContextName: (name) => name.toLowerCase().startsWith('lima'),
    // Its sockets live wherever $LIMA_HOME points, whatever that folder is called.
    socketFolders: (env, home) => [limaHome(env, home)],
    knownSockets: limaSockets,
  },
  ownsItsVm: true,
  // limactl edit writes the user's instance's lima.yaml; restore puts the journal's copy back.
  ownedSettingsFiles: (ctx) =>
    instanceFolders(ctx.env, ctx.home).map((i) => limaYamlOf(ctx.env, ctx.home, i)),
  publishedLabel: /^Lima\b/i,
  // Homebrew's folders, which every product shares, are added by the shell itself (main/mac-path.ts).
  cliFolders: () => [],
  advice: { action: limaAction, tradeOffs: limaTradeOffs },
};
