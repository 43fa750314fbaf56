// colima, what Mountbench knows without driving it (product-facts.ts).
import type { ProductFacts } from '../product-facts';
import { colimaHome } from './colima-home';
import { colimaSockets } from './colima-sockets';
import { colimaAction } from './setup-action';
import { colimaTradeOffs } from './trade-offs';

export const colimaFacts: ProductFacts = {
  id: 'colima',
  discovery: {
    socketPathMarks: ['/.colima/'],
    isOwnContextName: (name) => name.toLowerCase().startsWith('colima'),
    // Its sockets live wherever $COLIMA_HOME points, whatever that folder is called.
    socketFolders: (env, home) => [colimaHome(env, home)],
    knownSockets: (env, home) => colimaSockets(colimaHome(env, home)),
  },
  ownsItsVm: true,
  // Mountbench never writes a colima file: every variant is its own profile, made and deleted by
  // the colima CLI, and the user's profiles are only read.
  ownedSettingsFiles: () => [],
  publishedLabel: /^Colima\b/i,
  // Homebrew's folders, which every product shares, are added by the shell itself (main/mac-path.ts).
  cliFolders: () => [],
  advice: { action: colimaAction, tradeOffs: colimaTradeOffs },
};
