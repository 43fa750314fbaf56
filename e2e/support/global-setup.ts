// Once per `playwright test`: the app built if it is not, and one `mountbench serve` on 127.0.0.1
// with throwaway data and cache folders, shared by the flows that need nothing special. Its address
// and pid reach the workers through the environment; the returned function stops it (SIGINT: runs
// cancelled and cleaned up) and fails the run if serve does not exit cleanly.
import { join } from 'node:path';
import { ensureBuilt } from './build';
import { E2E_OUTPUT_DIR } from './paths';
import { sandboxDirs, sandboxEnv } from './sandbox-dirs';
import { startServe } from './serve-process';
import { SHARED_SERVE_ENV } from './shared-serve';

export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureBuilt();
  const dirs = sandboxDirs('shared');
  const serve = await startServe({
    env: sandboxEnv(dirs),
    logFile: join(E2E_OUTPUT_DIR, 'shared-serve.log'),
  });
  process.env[SHARED_SERVE_ENV.url] = serve.url;
  process.env[SHARED_SERVE_ENV.pid] = String(serve.pid);
  process.env[SHARED_SERVE_ENV.dataDir] = dirs.dataDir;
  process.env[SHARED_SERVE_ENV.cacheDir] = dirs.cacheDir;

  return async () => {
    const code = await serve.stop();
    dirs.remove();
    if (code !== 0) throw new Error(`mountbench serve exited with ${code} after SIGINT (expected 0)`);
  };
}
