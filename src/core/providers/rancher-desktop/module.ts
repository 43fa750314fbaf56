// Rancher Desktop, everything Mountbench knows about it in one object (product-module.ts).
import path from 'node:path';
import { socketWhenFolderExists } from '../../vocab/known-socket';
import type { ProductModule } from '../product-module';
import { rancherDesktopProvider } from './index';
import { engineSocket, RANCHER_DESKTOP_CONTEXT, settingsFile } from './paths';
import { rancherDesktopAction } from './setup-action';
import { rancherDesktopTradeOffs } from './trade-offs';

export const rancherDesktopModule: ProductModule = {
  id: rancherDesktopProvider.id,
  provider: rancherDesktopProvider,
  discovery: {
    socketPathMarks: ['/.rd/', '/rancher-desktop/'],
    isOwnContextName: (name) => name.toLowerCase().startsWith(RANCHER_DESKTOP_CONTEXT),
    knownSockets: (_env, home) =>
      socketWhenFolderExists(
        { name: RANCHER_DESKTOP_CONTEXT, provider: rancherDesktopProvider.id, path: engineSocket(home) },
        path.join(home, '.rd'),
      ),
  },
  ownsItsVm: true,
  ownedSettingsFiles: (ctx) => [settingsFile(ctx.home)],
  publishedLabel: /^Rancher Desktop\b/i,
  cliFolders: (home) => [path.join(home, '.rd', 'bin')],
  advice: { action: rancherDesktopAction, tradeOffs: rancherDesktopTradeOffs },
};
