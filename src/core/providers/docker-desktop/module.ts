// Docker Desktop, everything Mountbench knows about it in one object (product-module.ts): its facts,
// its provider, and the file shares of the sync-share mount, which only it serves.
import type { ProductModule } from '../product-module';
import { fileShareAvailability } from './file-share-availability';
import { FILE_SHARE_OWNER, removeSharesOfRun, restoreFileShares, startFileShare } from './file-share-session';
import { MountbenchError } from '../../../shared/errors';
import { dockerDesktopFacts } from './facts';
import { dockerDesktopProvider } from './index';

export const dockerDesktopModule: ProductModule = {
  ...dockerDesktopFacts,
  provider: dockerDesktopProvider,
  // A run's file share is journaled under its own owner: a crash leaves no share of ours.
  extraRestorers: { [FILE_SHARE_OWNER]: (originals) => restoreFileShares(originals) },
  capabilities: {
    syncShares: {
      async availability(engineSocket, signal) {
        const found = await fileShareAvailability(engineSocket, signal);
        return { available: found.available, reason: found.reason };
      },
      async start({ engineSocket, signal, ...share }) {
        // Asked again per share: Docker Desktop may have been signed out of its plan since the last.
        const found = await fileShareAvailability(engineSocket, signal);
        if (!found.available)
          throw new MountbenchError('BAD_INPUT', `the sync-share mount is unavailable here: ${found.reason}`);
        return startFileShare({ client: found.client, signal, ...share });
      },
      async remove({ engineSocket, runId }) {
        const found = await fileShareAvailability(engineSocket);
        // Where the API is off or gone, no share of ours can be listed; its journal still names it.
        if (!found.available) throw new MountbenchError('IO', `cannot list file shares: ${found.reason}`);
        await removeSharesOfRun(found.client, runId);
      },
    },
  },
};
