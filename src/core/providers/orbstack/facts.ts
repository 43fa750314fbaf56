// OrbStack, what Mountbench knows without driving it (product-facts.ts). Read-only: it has no
// file-sharing setting, so it owns no settings file.
import path from 'node:path';
import { socketWhenFolderExists } from '../../vocab/known-socket';
import type { ProductFacts } from '../product-facts';
import { orbstackAdvice } from './advice';

export const orbstackFacts: ProductFacts = {
  id: 'orbstack',
  discovery: {
    socketPathMarks: ['/.orbstack/', 'orbstack'],
    isOwnContextName: (name) => name.toLowerCase().startsWith('orbstack'),
    knownSockets: (_env, home) =>
      socketWhenFolderExists(
        { name: 'orbstack', provider: 'orbstack', path: path.join(home, '.orbstack', 'run', 'docker.sock') },
        path.join(home, '.orbstack'),
      ),
  },
  ownsItsVm: true,
  ownedSettingsFiles: () => [],
  publishedLabel: /^OrbStack\b/i,
  cliFolders: (home) => [path.join(home, '.orbstack', 'bin')],
  advice: orbstackAdvice,
};
