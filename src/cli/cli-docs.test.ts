import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpBlocks, quotedHelp } from './help-blocks';
import { buildProgram } from './program';

// docs/cli.md quotes `--help` of every command; `npx tsx scripts/update-cli-docs.ts` rewrites them.
describe('docs/cli.md', () => {
  const quoted = quotedHelp(readFileSync(join(__dirname, '..', '..', 'docs', 'cli.md'), 'utf8'));

  it('quotes the help of every command exactly as --help prints it', () => {
    const blocks = helpBlocks(buildProgram());
    expect(blocks.length).toBeGreaterThan(10);
    for (const block of blocks) expect(quoted.get(block.name), `${block.name} --help`).toBe(block.text);
  });

  it('quotes no command that does not exist', () => {
    const names = new Set(helpBlocks(buildProgram()).map((b) => b.name));
    expect([...quoted.keys()].filter((name) => !names.has(name))).toEqual([]);
  });
});
