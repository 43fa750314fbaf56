// A socket a product opens whether or not a Docker context points at it, and the one rule most
// products share for listing it: listed when the product's folder exists, so a stopped product shows
// up as "no socket at …" instead of vanishing, while a product never installed stays out of the list.
import fs from 'node:fs/promises';
import type { ProviderId } from '../../shared/ids';

export interface KnownSocket {
  /** The name the product gives its own context, so a later context for it deduplicates cleanly. */
  name: string;
  path: string;
  provider: ProviderId;
}

export async function socketWhenFolderExists(socket: KnownSocket, folder: string): Promise<KnownSocket[]> {
  return (await isDirectory(folder)) ? [socket] : [];
}

export async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
