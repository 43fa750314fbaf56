// `mountbench project inspect <folder>`: what Mountbench finds in a project folder (the image of
// its compose service or dev container, the commands its build files imply), each with where it
// came from, the choice `run --project` would take, and the templates. Reads only; runs nothing.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { checkProjectFolder, inspectProject } from '../../core/project';
import { defaultChoice, foundInWords, PROJECT_TEMPLATES, type ProjectInspection } from '../../shared/project';
import { printable, printableJson } from '../../shared/printable';
import { PROJECT_KINDS } from '../../shared/project-kinds';

/** The folder as the user typed it, checked (exists, a folder) and resolved to its real path. */
export async function inspectProjectFolder(folder: string): Promise<ProjectInspection> {
  return inspectProject(await checkProjectFolder(resolve(folder)));
}

export function inspectionText(found: ProjectInspection): string {
  const choice = defaultChoice(found);
  const lines = [`project ${found.name} (${found.folder})`, '', 'images found:'];
  if (!found.images.length) lines.push('  none');
  for (const image of found.images)
    lines.push(
      `  ${image.image}  from ${foundInWords(image.from)}${image.workingDir ? `, working folder ${image.workingDir}` : ''}`,
    );
  lines.push('', 'commands found:');
  if (!found.commands.length) lines.push('  none');
  for (const command of found.commands)
    lines.push(
      `  ${command.command}  from ${foundInWords(command.from)}${command.warning ? `  (${command.warning})` : ''}`,
    );
  if (found.dependencyFolders.length)
    lines.push('', `dependency folders: ${found.dependencyFolders.join(', ')}`);
  if (found.kind)
    lines.push(
      '',
      `looks like: ${PROJECT_KINDS[found.kind.id].label} (${found.kind.reason}); measure what it waits on with run --project-kind ${found.kind.id}`,
    );
  if (found.problems.length) lines.push('', 'not used:', ...found.problems.map((p) => `  - ${p}`));
  lines.push(
    '',
    `run --project would use: ${choice.command?.command ?? '(no command: give --command)'} in ${choice.image?.image ?? '(no image: give --custom-image)'}`,
    '',
    'templates (--command and --custom-image):',
    ...PROJECT_TEMPLATES.map((t) => `  ${t.title}: ${t.command}  in ${t.image}  (${t.exercises})`),
  );
  // Names, folders, images and commands come from the project's files and its folder's name: an
  // escape sequence there would clear the terminal or retitle the window (shown escaped instead).
  return lines.map((line) => printable(line)).join('\n');
}

export function registerProjectCommand(program: Command): void {
  const project = program
    .command('project')
    .description('Find what a project folder declares: its build image and commands');
  project
    .command('inspect <folder>')
    .description('print the images and commands found in a project folder, with where each came from')
    .option('--json', 'print as JSON')
    .action(async (folder: string, options: { json?: boolean }) => {
      const found = await inspectProjectFolder(folder);
      process.stdout.write(
        options.json
          ? `${printableJson(JSON.stringify({ ...found, choice: defaultChoice(found), templates: PROJECT_TEMPLATES }, null, 2))}\n`
          : `${inspectionText(found)}\n`,
      );
    });
}
