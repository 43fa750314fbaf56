// colima, everything Mountbench knows about it in one object (product-module.ts).
import type { ProductModule } from '../product-module';
import { colimaHome } from './colima-home';
import { colimaSockets } from './colima-sockets';
import { colimaProvider } from './index';
import { colimaAction } from './setup-action';
import { colimaTradeOffs } from './trade-offs';

export const colimaModule: ProductModule = {
  id: colimaProvider.id,
  provider: colimaProvider,
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
