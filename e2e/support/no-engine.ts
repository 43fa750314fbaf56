// An environment in which no Docker engine answers, for the "no reachable engine" flow, without
// stopping the machine's engine (other work uses it): a sandbox HOME (no Docker Desktop, Rancher
// Desktop, colima or OrbStack sockets, no Docker contexts), DOCKER_HOST at a socket nobody listens
// on, and the system-wide socket hidden. Discovery has no setting for the system socket
// (discovery-options.ts: only tests move it), so the app runs in a mount namespace of its own in
// which that socket's folder is an empty tmpfs: Linux and root only, and the machine's own mounts
// are untouched. Elsewhere, with a system socket present, the flow cannot run and says why.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SYSTEM_SOCKET_PATH } from '../../src/core/engines';

export const DEAD_SOCKET = '/var/run/mountbench-e2e-no-engine.sock';

export interface NoEngineSetup {
  env: NodeJS.ProcessEnv;
  hideFolder?: string;
}

/** The environment variables that lead discovery to an engine, pointed at nothing. */
export function sandboxDockerEnv(home: string, dockerHost: string): NodeJS.ProcessEnv {
  mkdirSync(join(home, '.docker'), { recursive: true });
  return {
    HOME: home,
    DOCKER_HOST: dockerHost,
    DOCKER_CONFIG: join(home, '.docker'),
    DOCKER_CONTEXT: '',
    DOCKER_TLS_VERIFY: '',
    DOCKER_TLS: '',
    COLIMA_HOME: join(home, '.colima'),
  };
}

function canUseMountNamespace(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  return spawnSync('unshare', ['--mount', 'true']).status === 0;
}

/** How to start an app that finds no engine here, or why it cannot be done on this machine. */
export function noEngineSetup(home: string): NoEngineSetup | { reason: string } {
  // A socket nobody creates (and, in the namespace, in a folder that is empty): the address reads
  // plainly in the flow's screenshots.
  const env = sandboxDockerEnv(home, `unix://${DEAD_SOCKET}`);
  if (!existsSync(SYSTEM_SOCKET_PATH)) return { env };
  if (!canUseMountNamespace()) {
    return {
      reason:
        `${SYSTEM_SOCKET_PATH} exists and cannot be hidden here (needs Linux, root and unshare); ` +
        'see docs/qa.md for the override this flow needs elsewhere',
    };
  }
  return { env, hideFolder: dirname(realpathSync(SYSTEM_SOCKET_PATH)) };
}
