// Turns a Docker endpoint (and a context's TLS material) into dockerode options: dockerode does not
// read Docker contexts, so this is the one place that knows how a context's `Host` maps to a connection.
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import type Dockerode from 'dockerode';
import type { EngineTls } from '../../shared/engine';
import { MountbenchError } from '../../shared/errors';
import { parseEndpoint } from './endpoint';

/** dockerode's options plus the `agent` docker-modem honours but the typings leave out. */
export type EngineDockerOptions = Dockerode.DockerOptions & { agent?: https.Agent };

// The docker CLI's default ports: 2375 for plain HTTP, 2376 once TLS is on.
const HTTP_PORT = 2375;
const HTTPS_PORT = 2376;
const SSH_PORT = 22;

// docker-modem merges our options over defaults it reads from process.env (DOCKER_HOST,
// DOCKER_CERT_PATH, DOCKER_TLS_VERIFY). Any key we leave out could then come from the environment and
// silently point the connection at another engine, so every connection key is set, if only to undefined.
const BLANK: EngineDockerOptions = {
  socketPath: undefined,
  host: undefined,
  port: undefined,
  protocol: undefined,
  username: undefined,
  ca: undefined,
  cert: undefined,
  key: undefined,
};

export function dockerOptionsFor(
  endpoint: string,
  tls?: EngineTls,
  env: NodeJS.ProcessEnv = process.env,
): EngineDockerOptions {
  const parsed = parseEndpoint(endpoint);
  switch (parsed.scheme) {
    case 'unix':
      return { ...BLANK, socketPath: parsed.path };
    case 'tcp': {
      if (!usesTls(tls)) {
        return { ...BLANK, host: parsed.host, port: parsed.port ?? HTTP_PORT, protocol: 'http' };
      }
      return {
        ...BLANK,
        host: parsed.host,
        port: parsed.port ?? HTTPS_PORT,
        protocol: 'https',
        ca: readTlsFile(tls.caPath),
        cert: readTlsFile(tls.certPath),
        key: readTlsFile(tls.keyPath),
        // Node checks the server's certificate unless the agent says otherwise; docker-modem passes
        // no `rejectUnauthorized` of its own, so SkipTLSVerify needs an agent of its own.
        agent: tls.skipVerify ? new https.Agent({ rejectUnauthorized: false }) : undefined,
      };
    }
    case 'ssh':
      // docker-modem speaks ssh through the ssh2 library, which reads no ~/.ssh/config: like `ssh`
      // it falls back to the local user name and uses the running ssh-agent for keys.
      return {
        ...BLANK,
        protocol: 'ssh',
        host: parsed.host,
        port: parsed.port ?? SSH_PORT,
        username: parsed.username ?? env.USER ?? os.userInfo().username,
        sshOptions: env.SSH_AUTH_SOCK ? { agent: env.SSH_AUTH_SOCK } : undefined,
      };
  }
}

/** As the docker CLI: TLS when the context has any TLS material or asks to skip verification. */
export function usesTls(tls: EngineTls | undefined): tls is EngineTls {
  return tls !== undefined && (tls.skipVerify === true || !!tls.caPath || !!tls.certPath || !!tls.keyPath);
}

function readTlsFile(path: string | undefined): Buffer | undefined {
  if (!path) return undefined;
  try {
    return fs.readFileSync(path);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new MountbenchError('IO', `Cannot read the TLS file ${path}: ${why}`, { cause: err });
  }
}
