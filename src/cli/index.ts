// The command-line entry: the same core as the desktop app, for CI and headless machines.
import { isMainThread } from 'node:worker_threads';
import { CommanderError } from 'commander';
import { remedyAsCommand } from '../shared/remedy-words';
import { MountbenchError } from '../shared/errors';
import { buildProgram } from './program';
import { errorText } from './error-text';
import { printableLines } from '../shared/printable';

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version exit 0; usage errors were already printed by commander.
      process.exitCode = err.exitCode === 0 ? 0 : 2;
      return;
    }
    const remedy = err instanceof MountbenchError && err.remedy ? `; ${remedyAsCommand(err.remedy)}` : '';
    // Messages quote names from files (a project folder, a hyperfine command, a result's label):
    // control characters are shown escaped, never sent to the terminal.
    process.stderr.write(`mountbench: ${printableLines(`${errorText(err)}${remedy}`)}\n`);
    process.exitCode = err instanceof MountbenchError && err.code === 'BAD_INPUT' ? 2 : 1;
  }
}

// The CLI bundle is one file, also started as a worker thread to read large result files
// (core/store/summary-worker.ts): a command runs only in the main thread.
if (isMainThread) void main(process.argv);
