// OrbStack, everything Mountbench knows about it in one object (product-module.ts). Read-only: it
// has no file-sharing setting, so it owns no settings file.
import path from 'node:path';
import { socketWhenFolderExists } from '../../vocab/known-socket';
import type { ProductModule } from '../product-module';
import { orbstackAdvice } from './advice';
import { orbstackProvider } from './index';

export const orbstackModule: ProductModule = {
  id: orbstackProvider.id,
  provider: orbstackProvider,
  discovery: {
    socketPathMarks: ['/.orbstack/', 'orbstack'],
    isOwnContextName: (name) => name.toLowerCase().startsWith('orbstack'),
    knownSockets: (_env, home) =>
      socketWhenFolderExists(
        {
          name: 'orbstack',
          provider: orbstackProvider.id,
          path: path.join(home, '.orbstack', 'run', 'docker.sock'),
        },
        path.join(home, '.orbstack'),
      ),
  },
  ownsItsVm: true,
  ownedSettingsFiles: () => [],
  publishedLabel: /^OrbStack\b/i,
  cliFolders: (home) => [path.join(home, '.orbstack', 'bin')],
  advice: orbstackAdvice,
};
