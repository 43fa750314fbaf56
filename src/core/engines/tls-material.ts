// Finds the TLS files the docker CLI keeps for a context (or in DOCKER_CERT_PATH): ca.pem, cert.pem, key.pem.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EngineTls } from '../../shared/engine';

export async function findTlsMaterial(dir: string, skipVerify: boolean): Promise<EngineTls | undefined> {
  const [caPath, certPath, keyPath] = await Promise.all(
    ['ca.pem', 'cert.pem', 'key.pem'].map((file) => existingFile(path.join(dir, file))),
  );
  if (!caPath && !certPath && !keyPath && !skipVerify) return undefined;
  const tls: EngineTls = {};
  if (caPath) tls.caPath = caPath;
  if (certPath) tls.certPath = certPath;
  if (keyPath) tls.keyPath = keyPath;
  if (skipVerify) tls.skipVerify = true;
  return tls;
}

async function existingFile(file: string): Promise<string | undefined> {
  try {
    return (await fs.stat(file)).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}
