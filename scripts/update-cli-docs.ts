// Rewrites the `--help` blocks of docs/cli.md from the commands themselves: run it after changing a
// command or an option (`npx tsx scripts/update-cli-docs.ts`); src/cli/cli-docs.test.ts fails until then.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { helpBlocks, withCurrentHelp } from '../src/cli/help-blocks';
import { buildProgram } from '../src/cli/program';

const page = join(__dirname, '..', 'docs', 'cli.md');
writeFileSync(page, withCurrentHelp(readFileSync(page, 'utf8'), helpBlocks(buildProgram())));
