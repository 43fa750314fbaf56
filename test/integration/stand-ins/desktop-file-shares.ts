// Docker Desktop behind its stand-ins, for the sync-share tests: the file-shares API on its own
// socket and the engine-identity proxy in front of the REAL engine, whose `/info` carries the
// `com.docker.desktop.address` label naming that API. Each close is pushed onto `cleanups`.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { tempDir } from '../support';

const req = createRequire(__filename);
const { startFileSharesApi } = req('../../stand-ins/lib/desktop-file-shares-api.cjs') as {
  startFileSharesApi(o: { socketPath: string; targetRoot: string; active?: boolean }): Promise<FileSharesApi>;
};
const { startDesktopEngine } = req('../../stand-ins/lib/desktop-engine-identity.cjs') as {
  startDesktopEngine(o: { socketPath: string; desktopAddress: string }): Promise<{ close(): Promise<void> }>;
};

export interface FileSharesApi {
  shares(): { status: string; labels: Record<string, string>; beta: { path: string } }[];
  close(): Promise<void>;
}

export interface DesktopStandIns {
  /** The folder holding both sockets and the API's copies. */
  dir: string;
  api: FileSharesApi;
  /** The engine-identity proxy's socket: a DOCKER_HOST for a run "on Docker Desktop". */
  engineSocket: string;
}

export async function startDesktopStandIns(
  name: string,
  active: boolean,
  cleanups: (() => Promise<void> | void)[],
): Promise<DesktopStandIns> {
  const dir = tempDir(name);
  cleanups.push(() => dir.remove());
  const apiSocket = join(dir.path, 'docker-cli.sock');
  const api = await startFileSharesApi({
    socketPath: apiSocket,
    targetRoot: join(dir.path, 'vm-cache'),
    active,
  });
  cleanups.push(() => api.close());
  const engineSocket = join(dir.path, 'docker.sock');
  const engine = await startDesktopEngine({
    socketPath: engineSocket,
    desktopAddress: `unix://${apiSocket}`,
  });
  cleanups.push(() => engine.close());
  return { dir: dir.path, api, engineSocket };
}
