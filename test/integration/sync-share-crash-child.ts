// Child process for sync-share-stand-in.test.ts: opens a journal and creates a file share through
// Docker Desktop's API at argv[3]; the test sets MOUNTBENCH_KILL_AT_STEP=2 so it dies right after
// the create, before it waits or removes anything.
import { Journal } from '../../src/core/journal';
import { FileSharesClient } from '../../src/core/providers/docker-desktop/file-shares-client';
import { startFileShare } from '../../src/core/providers/docker-desktop/file-share-session';

const [dataDir, socketPath, hostPath, runId] = process.argv.slice(2);
void (async () => {
  const journal = await Journal.create(dataDir, `run ${runId} sync-share`);
  await startFileShare({ client: new FileSharesClient(socketPath), journal, hostPath, runId });
})();
