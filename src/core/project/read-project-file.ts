// Reads one file of the user's project for detection: only a plain file, never through a link (a
// link could point outside the folder the user picked), never more than a small cap, never waiting
// on a FIFO. What comes back is untrusted text; nothing of it is ever executed on the host.
import { join } from 'node:path';
import { NotReadableFile, readRegularFile } from '../fs/read-regular-file';

/** Declaration files are small; anything larger is not the file we are looking for. */
export const MAX_PROJECT_FILE_BYTES = 256 * 1024;

export type ProjectFileRead = { text: string } | { missing: true } | { problem: string };

export async function readProjectFile(root: string, relative: string): Promise<ProjectFileRead> {
  try {
    const bytes = await readRegularFile(join(root, relative), {
      maxBytes: MAX_PROJECT_FILE_BYTES,
      noFollow: true,
    });
    return { text: bytes.toString('utf8') };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { missing: true };
    if (err instanceof NotReadableFile && err.size !== undefined)
      return {
        problem: `${relative} is ${Math.ceil(err.size / 1024)} KB; declaration files over ${MAX_PROJECT_FILE_BYTES / 1024} KB are not read`,
      };
    if (code === 'ELOOP') return { problem: `${relative} is a symbolic link; links are not followed` };
    return { problem: `${relative}: ${(err as Error).message.replace(root, '.')}` };
  }
}
