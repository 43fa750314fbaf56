// The `--help` text of every command, as docs/cli.md quotes it: the docs are checked against it
// (cli-docs.test.ts) and rewritten from it (scripts/update-cli-docs.ts), so they cannot drift.
import type { Command } from 'commander';

/** The width a terminal without a size gets (commander's default), fixed so the text is stable. */
const HELP_WIDTH = 80;

export interface HelpBlock {
  /** `mountbench`, `mountbench run`, ... */
  name: string;
  text: string;
}

function helpOf(command: Command): string {
  command.configureHelp({ helpWidth: HELP_WIDTH });
  return command
    .helpInformation()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trimEnd();
}

/** Every command's help, subcommands (`mountbench team pull`) included: their options are theirs alone. */
export function helpBlocks(program: Command): HelpBlock[] {
  const blocks: HelpBlock[] = [{ name: program.name(), text: helpOf(program) }];
  const walk = (parent: Command, prefix: string) => {
    for (const c of parent.commands) {
      const name = `${prefix} ${c.name()}`;
      blocks.push({ name, text: helpOf(c) });
      walk(c, name);
    }
  };
  walk(program, program.name());
  return blocks;
}

// Prettier puts a blank line between the comment and the fence.
const BLOCK = /<!-- help: ([a-z -]+) -->\n+```text\n([\s\S]*?)\n```/g;

/** The help blocks a Markdown page quotes, by command name. */
export function quotedHelp(markdown: string): Map<string, string> {
  return new Map([...markdown.matchAll(BLOCK)].map((m) => [m[1], m[2]]));
}

/** The page with every quoted block replaced by the current help text. */
export function withCurrentHelp(markdown: string, blocks: HelpBlock[]): string {
  const byName = new Map(blocks.map((b) => [b.name, b.text]));
  return markdown.replace(BLOCK, (whole, name: string) =>
    byName.has(name) ? `<!-- help: ${name} -->\n\n\`\`\`text\n${byName.get(name)}\n\`\`\`` : whole,
  );
}
