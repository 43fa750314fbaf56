// Docker Desktop, everything Mountbench knows about it in one object (product-module.ts).
import path from 'node:path';
import { socketWhenFolderExists } from '../../vocab/known-socket';
import type { ProductModule } from '../product-module';
import { fileShareAvailability } from './file-share-availability';
import { FILE_SHARE_OWNER, removeSharesOfRun, restoreFileShares, startFileShare } from './file-share-session';
import { MountbenchError } from '../../../shared/errors';
import { dockerDesktopProvider } from './index';
import { versionFromPlatformName } from './product';
import { DOCKER_DESKTOP_CONTEXT, engineSocket, LEGACY_FILE, settingsDir, STORE_FILE } from './paths';
import { dockerDesktopAction } from './setup-action';
import { dockerDesktopTradeOffs } from './trade-offs';

export const dockerDesktopModule: ProductModule = {
  id: dockerDesktopProvider.id,
  provider: dockerDesktopProvider,
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
        { name: DOCKER_DESKTOP_CONTEXT, provider: dockerDesktopProvider.id, path: engineSocket(home) },
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
  // A run's file share is journaled under its own owner: a crash leaves no share of ours.
  extraRestorers: { [FILE_SHARE_OWNER]: (originals) => restoreFileShares(originals) },
  syncShareAvailability: async (engineSocket, signal) => {
    const found = await fileShareAvailability(engineSocket, signal);
    return { available: found.available, reason: found.reason };
  },
  startSyncShare: async ({ engineSocket, signal, ...share }) => {
    // Asked again per share: Docker Desktop may have been signed out of its plan since the last.
    const found = await fileShareAvailability(engineSocket, signal);
    if (!found.available)
      throw new MountbenchError('BAD_INPUT', `the sync-share mount is unavailable here: ${found.reason}`);
    return startFileShare({ client: found.client, signal, ...share });
  },
  removeSyncShares: async ({ engineSocket, runId }) => {
    const found = await fileShareAvailability(engineSocket);
    // Where the API is off or gone, no share of ours can be listed; its journal still names it.
    if (!found.available) throw new MountbenchError('IO', `cannot list file shares: ${found.reason}`);
    await removeSharesOfRun(found.client, runId);
  },
};
