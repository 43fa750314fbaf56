// A throwaway home folder with Docker's config files written in their real formats, so discovery
// tests read files exactly as the docker CLI, Docker Desktop, Rancher Desktop and colima leave them.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { contextStoreId } from '../contexts';

export interface TempHome {
  home: string;
  /** A system socket path inside the temp folder, so tests never depend on the machine's own. */
  systemSocketPath: string;
  remove(): Promise<void>;
}

export async function makeTempHome(): Promise<TempHome> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'mb-eng-'));
  const home = path.join(root, 'home');
  await fs.mkdir(path.join(root, 'var-run'), { recursive: true });
  await fs.mkdir(home, { recursive: true });
  return {
    home,
    systemSocketPath: path.join(root, 'var-run', 'docker.sock'),
    remove: () => fs.rm(root, { recursive: true, force: true }),
  };
}

export interface ContextSpec {
  name: string;
  host: string;
  skipTLSVerify?: boolean;
  description?: string;
  /** PEM text for each file to place in the context's TLS folder. */
  tls?: { ca?: string; cert?: string; key?: string };
}

/** Writes a context the way `docker context create` does, including its fields we do not read. */
export async function writeContext(configDir: string, spec: ContextSpec): Promise<string> {
  const id = contextStoreId(spec.name);
  const metaDir = path.join(configDir, 'contexts', 'meta', id);
  await fs.mkdir(metaDir, { recursive: true });
  const meta = {
    Name: spec.name,
    Metadata: { Description: spec.description ?? '' },
    Endpoints: { docker: { Host: spec.host, SkipTLSVerify: spec.skipTLSVerify ?? false } },
  };
  const metaPath = path.join(metaDir, 'meta.json');
  await fs.writeFile(metaPath, JSON.stringify(meta));
  if (spec.tls) {
    const tlsDir = path.join(configDir, 'contexts', 'tls', id, 'docker');
    await fs.mkdir(tlsDir, { recursive: true });
    for (const [file, text] of Object.entries(spec.tls)) {
      if (text !== undefined) await fs.writeFile(path.join(tlsDir, `${file}.pem`), text, { mode: 0o600 });
    }
  }
  return metaPath;
}

/** Writes raw text as a context's meta.json, for files that are broken on purpose. */
export async function writeRawContext(configDir: string, storeId: string, text: string): Promise<string> {
  const metaDir = path.join(configDir, 'contexts', 'meta', storeId);
  await fs.mkdir(metaDir, { recursive: true });
  const metaPath = path.join(metaDir, 'meta.json');
  await fs.writeFile(metaPath, text);
  return metaPath;
}

export async function writeDockerConfig(
  configDir: string,
  config: Record<string, unknown> | string,
): Promise<void> {
  await fs.mkdir(configDir, { recursive: true });
  const text = typeof config === 'string' ? config : JSON.stringify(config, null, '\t');
  await fs.writeFile(path.join(configDir, 'config.json'), text);
}
