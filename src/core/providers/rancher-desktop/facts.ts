// Rancher Desktop, what Mountbench knows without driving it (product-facts.ts).
import path from 'node:path';
import { socketWhenFolderExists } from '../../vocab/known-socket';
import type { ProductFacts } from '../product-facts';
import { engineSocket, RANCHER_DESKTOP_CONTEXT, settingsFile } from './paths';
import { rancherDesktopAction } from './setup-action';
import { rancherDesktopTradeOffs } from './trade-offs';

export const rancherDesktopFacts: ProductFacts = {
  id: 'rancher-desktop',
  discovery: {
    socketPathMarks: ['/.rd/', '/rancher-desktop/'],
    isOwnContextName: (name) => name.toLowerCase().startsWith(RANCHER_DESKTOP_CONTEXT),
    knownSockets: (_env, home) =>
      socketWhenFolderExists(
        { name: RANCHER_DESKTOP_CONTEXT, provider: 'rancher-desktop', path: engineSocket(home) },
        path.join(home, '.rd'),
      ),
  },
  ownsItsVm: true,
  ownedSettingsFiles: (ctx) => [settingsFile(ctx.home)],
  publishedLabel: /^Rancher Desktop\b/i,
  cliFolders: (home) => [path.join(home, '.rd', 'bin')],
  advice: { action: rancherDesktopAction, tradeOffs: rancherDesktopTradeOffs },
};
