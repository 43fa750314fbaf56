// The command-line entry: the same core as the desktop app, for CI and headless machines.
import { Command, CommanderError } from 'commander';
import { MountbenchError } from '../shared/errors';
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

export async function main(argv: string[]): Promise<void> {
  const program = new Command()
    .name('mountbench')
    .description('Benchmark Docker file sharing and find the fastest setting for this machine.')
    .version(versionLine(), '-V, --version', 'print the version and the commit it was built from')
    .exitOverride()
    .showHelpAfterError();
  registerEnginesCommand(program);
  registerRunCommand(program);
  registerCleanupCommand(program);
  registerResultsCommand(program);
  registerCompareCommand(program);
  registerExportCommand(program);
  registerImportCommand(program);
  registerProvidersCommand(program);
  registerSweepCommand(program);
  registerRestoreCommand(program);
  registerApplyCommand(program);
  registerServeCommand(program);
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version exit 0; usage errors were already printed by commander.
      process.exitCode = err.exitCode === 0 ? 0 : 2;
      return;
    }
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`mountbench: ${message}\n`);
    process.exitCode = err instanceof MountbenchError && err.code === 'BAD_INPUT' ? 2 : 1;
  }
}

void main(process.argv);
