// Well-known build commands a project's files imply: its package.json scripts, a Gemfile that
// pulls in Jekyll, a Makefile, go.mod, Cargo.toml. Each is offered with the file it came from.
import type { CommandSuggestion } from '../../shared/project';
import { readProjectFile } from './read-project-file';
import { jsonErrorText } from '../../shared/json-error-text';

export interface BuildCommandFindings {
  commands: CommandSuggestion[];
  problems: string[];
}

/** package.json scripts worth timing, with how npm runs each. */
const NPM_SCRIPTS: ReadonlyArray<[script: string, command: string]> = [
  ['build', 'npm run build'],
  ['test', 'npm test'],
];

function packageScripts(text: string): BuildCommandFindings {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { commands: [], problems: [`package.json is not valid JSON: ${jsonErrorText(err, text)}`] };
  }
  const scripts = (data as { scripts?: unknown } | null)?.scripts;
  if (typeof scripts !== 'object' || scripts === null) return { commands: [], problems: [] };
  const commands = NPM_SCRIPTS.flatMap(([script, command]) =>
    typeof (scripts as Record<string, unknown>)[script] === 'string'
      ? [{ command, from: { file: 'package.json', key: `scripts.${script}` } }]
      : [],
  );
  return { commands, problems: [] };
}

/** A `gem "jekyll"` (or 'jekyll', or with a version) line that is not commented out. */
const JEKYLL_GEM = /^\s*gem\s+["']jekyll["']/m;

/** Files whose mere presence implies a build command. */
const PRESENCE: ReadonlyArray<[file: string, command: string]> = [
  ['Makefile', 'make'],
  ['go.mod', 'go build ./...'],
  ['Cargo.toml', 'cargo build'],
];

export async function findBuildCommands(root: string): Promise<BuildCommandFindings> {
  const found: BuildCommandFindings = { commands: [], problems: [] };
  const add = (more: BuildCommandFindings) => {
    found.commands.push(...more.commands);
    found.problems.push(...more.problems);
  };
  const pkg = await readProjectFile(root, 'package.json');
  if ('text' in pkg) add(packageScripts(pkg.text));
  else if ('problem' in pkg) found.problems.push(pkg.problem);

  const gemfile = await readProjectFile(root, 'Gemfile');
  if ('text' in gemfile && JEKYLL_GEM.test(gemfile.text))
    found.commands.push({
      command: 'bundle exec jekyll build',
      from: { file: 'Gemfile', key: 'gem "jekyll"' },
    });
  else if ('problem' in gemfile) found.problems.push(gemfile.problem);

  for (const [file, command] of PRESENCE) {
    const read = await readProjectFile(root, file);
    if ('text' in read) found.commands.push({ command, from: { file, key: '(the file is there)' } });
    else if ('problem' in read) found.problems.push(read.problem);
  }
  return found;
}
