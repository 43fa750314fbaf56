// Everything Mountbench can find in a project folder, as choices with where each came from: the
// images of its compose file and dev container, the commands its build files imply. Only reads;
// a file that is there but cannot be understood is named in `problems` and otherwise ignored.
import type { CommandSuggestion, ProjectInspection } from '../../shared/project';
import { findBuildCommands } from './build-commands';
import { COMPOSE_FILES, readComposeFile } from './compose-file';
import { DEVCONTAINER_FILES, readDevcontainerFile } from './devcontainer-file';
import { findDependencyFolders } from './dependency-folders';
import { projectName } from './project-folder';
import { guessProjectKind } from './project-kind';
import { readProjectFile } from './read-project-file';

/** The first of `files` that is there: Compose itself reads only one of its default names. */
async function firstPresent(root: string, files: string[]) {
  const problems: string[] = [];
  for (const file of files) {
    const read = await readProjectFile(root, file);
    if ('text' in read) return { file, text: read.text, problems };
    if ('problem' in read) problems.push(read.problem);
  }
  return { file: null, text: '', problems };
}

/** `folder` must already be checked (checkProjectFolder): this reads inside it. */
export async function inspectProject(folder: string): Promise<ProjectInspection> {
  const inspection: ProjectInspection = {
    name: projectName(folder),
    folder,
    images: [],
    commands: [],
    problems: [],
    dependencyFolders: await findDependencyFolders(folder),
    kind: null,
  };
  const kind = await guessProjectKind(folder);
  if (kind) inspection.kind = { id: kind.kind, reason: kind.reason };
  const compose = await firstPresent(folder, COMPOSE_FILES);
  inspection.problems.push(...compose.problems);
  // A service's own command comes first unless it looks like a server; a build file's usual
  // command is a guess, the service's command is what the project itself runs.
  const serverCommands: CommandSuggestion[] = [];
  if (compose.file) {
    const found = readComposeFile(compose.file, compose.text);
    inspection.images.push(...found.images);
    inspection.problems.push(...found.problems);
    for (const command of found.commands)
      (command.warning ? serverCommands : inspection.commands).push(command);
  }
  const devcontainer = await firstPresent(folder, DEVCONTAINER_FILES);
  inspection.problems.push(...devcontainer.problems);
  if (devcontainer.file) {
    const found = readDevcontainerFile(devcontainer.file, devcontainer.text);
    inspection.images.push(...found.images);
    inspection.problems.push(...found.problems);
  }
  const build = await findBuildCommands(folder);
  inspection.commands.push(...build.commands, ...serverCommands);
  inspection.problems.push(...build.problems);
  return inspection;
}
