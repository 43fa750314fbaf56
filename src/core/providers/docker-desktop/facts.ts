// Docker Desktop, what Mountbench knows without driving it (product-facts.ts).
import path from 'node:path';
import { socketWhenFolderExists } from '../../vocab/known-socket';
import type { ProductFacts } from '../product-facts';
import { DOCKER_DESKTOP_CONTEXT, engineSocket, LEGACY_FILE, settingsDir, STORE_FILE } from './paths';
import { versionFromPlatformName } from './platform-name';
import { dockerDesktopAction } from './setup-action';
import { dockerDesktopTradeOffs } from './trade-offs';

export const dockerDesktopFacts: ProductFacts = {
  id: 'docker-desktop',
  discovery: {
    // ~/.docker/run/docker.sock leads into ~/Library/Containers/com.docker.docker.
    socketPathMarks: ['/.docker/run/', '/.docker/desktop/', '/com.docker.docker/'],
    isOwnContextName: (name) => {
      const lower = name.toLowerCase();
      return lower === DOCKER_DESKTOP_CONTEXT || lower === 'docker-desktop';
    },
    // ~/.docker/run, not ~/.docker: every docker CLI user has a ~/.docker.
    knownSockets: (_env, home) =>
      socketWhenFolderExists(
        { name: DOCKER_DESKTOP_CONTEXT, provider: 'docker-desktop', path: engineSocket(home) },
        path.join(home, '.docker', 'run'),
      ),
    versionFromPlatformName,
  },
  ownsItsVm: true,
  ownedSettingsFiles: (ctx) => [
    path.join(settingsDir(ctx.home), STORE_FILE),
    path.join(settingsDir(ctx.home), LEGACY_FILE),
  ],
  publishedLabel: /^(Docker Desktop|Docker for Mac)\b/i,
  cliFolders: (home) => [
    path.join(home, '.docker', 'bin'),
    '/Applications/Docker.app/Contents/Resources/bin',
  ],
  advice: { action: dockerDesktopAction, tradeOffs: dockerDesktopTradeOffs },
};
