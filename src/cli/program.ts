// Every command and option of `mountbench`, without running anything: the entry (index.ts) parses
// with it, and docs/cli.md's help blocks are checked against it (cli-docs.test.ts).
import { Command } from 'commander';
import { versionLine } from '../core/app-version';
import { registerCleanupCommand } from './commands/cleanup';
import { registerCompareCommand } from './commands/compare';
import { registerExportCommand } from './commands/export';
import { registerImportCommand } from './commands/import';
import { registerResultsCommand } from './commands/results';
import { registerEnginesCommand } from './commands/engines';
import { registerRunCommand } from './commands/run';
import { registerProvidersCommand } from './commands/providers';
import { registerSweepCommand } from './commands/sweep';
import { registerRestoreCommand } from './commands/restore';
import { registerApplyCommand } from './commands/apply';
import { registerServeCommand } from './commands/serve';
import { registerProjectCommand } from './commands/project';
import { registerPublishCommand } from './commands/publish';
import { registerTeamCommand } from './commands/team';

export function buildProgram(): Command {
  const program = new Command()
    .name('mountbench')
    .description('Benchmark Docker file sharing and find the fastest setting for this machine.')
    .version(versionLine(), '-V, --version', 'print the version and the commit it was built from')
    .exitOverride()
    .showHelpAfterError();
  registerEnginesCommand(program);
  registerRunCommand(program);
  registerProjectCommand(program);
  registerCleanupCommand(program);
  registerResultsCommand(program);
  registerCompareCommand(program);
  registerExportCommand(program);
  registerImportCommand(program);
  registerPublishCommand(program);
  registerTeamCommand(program);
  registerProvidersCommand(program);
  registerSweepCommand(program);
  registerRestoreCommand(program);
  registerApplyCommand(program);
  registerServeCommand(program);
  return program;
}
