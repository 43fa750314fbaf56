// The `projects` group of the API: a folder picked (the system dialog, in the desktop app) or typed
// (`serve`), checked, inspected and remembered. A typed folder must be under the user's home; one
// outside home is accepted only when the user picked it in the system dialog during this session,
// so a page can never make the core read or copy a folder the user did not choose.
import { homedir } from 'node:os';
import type { MountbenchApi } from '../../shared/api';
import { MountbenchError } from '../../shared/errors';
import { makeDirs } from '../fs/make-dirs';
import { inspectProject } from './inspect-project';
import { checkProjectFolder, expandHome } from './project-folder';
import { readRecentProjects, rememberRecentProject } from './recent-projects';

export interface ProjectsApiOptions {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** The system's folder dialog (the desktop app only); resolves null when the user cancels. */
  pickFolder?: () => Promise<string | null>;
}

export interface ProjectsApi {
  api: MountbenchApi['projects'];
  /** The real path of a run request's project folder, under the same rules as `inspect`. */
  checkRunFolder(folder: string): Promise<string>;
}

export function createProjectsApi(options: ProjectsApiOptions): ProjectsApi {
  const home = options.env?.['HOME'] || homedir();
  const picked = new Set<string>();
  const check = async (folder: string) => {
    const expanded = expandHome(folder, home);
    const real = await checkProjectFolder(expanded, {}).catch(() => null);
    // Picked in the dialog this session: the user chose it with the system's own picker.
    if (real && picked.has(real)) return real;
    return checkProjectFolder(expanded, { under: home });
  };
  const inspect = async (folder: string) => {
    const real = await check(folder);
    const inspection = await inspectProject(real);
    await makeDirs(options.dataDir);
    await rememberRecentProject(options.dataDir, real);
    return inspection;
  };
  return {
    checkRunFolder: check,
    api: {
      inspect,
      async pick() {
        if (!options.pickFolder)
          throw new MountbenchError(
            'BAD_INPUT',
            'a browser cannot open the system folder dialog: type the folder (under your home) instead',
          );
        const chosen = await options.pickFolder();
        if (!chosen) return null;
        picked.add(await checkProjectFolder(chosen));
        return inspect(chosen);
      },
      recent: async () => {
        const folders = await readRecentProjects(options.dataDir);
        const usable = await Promise.all(
          folders.map((f) =>
            check(f).then(
              () => f,
              () => null,
            ),
          ),
        );
        return usable.filter((f): f is string => f !== null);
      },
    },
  };
}
