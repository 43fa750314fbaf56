// Whether results can be saved: asked before a run or a sweep starts, so a data folder that is a
// file (or read-only) is found in a second, not after minutes of measuring.
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { errnoWords } from '../../shared/errno-words';
import { MountbenchError } from '../../shared/errors';
import { makeDirs } from '../fs/make-dirs';

/**
 * The folder results are saved in exists (made now if need be) and takes new files, so a data
 * folder that is a file is found before the run, not after it.
 */
export async function checkResultsFolder(dir: string): Promise<void> {
  try {
    await makeDirs(dir);
    await access(dir, constants.W_OK);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    throw new MountbenchError(
      'IO',
      `results cannot be saved in ${dir}: ${errnoWords(code) ?? (err as Error).message} (MOUNTBENCH_DATA_DIR chooses another data folder)`,
    );
  }
}
