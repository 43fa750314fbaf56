// `mountbench import FILE...`: validated copies of colleagues' run files into the results folder.
// Each file stands alone: a bad one is reported and skipped, the others still import.
import type { Command } from 'commander';
import { importRunFile } from '../../core/store';
import { MountbenchError } from '../../shared/errors';
import { addHyperfineOptions, importHyperfineAction, type HyperfineFlags } from './import-hyperfine';
import { defaultResultsIo, type ResultsCommandIo } from './results';

export function registerImportCommand(program: Command, io: ResultsCommandIo = defaultResultsIo): void {
  const command = program
    .command('import')
    .description(
      'check run files (or a hyperfine export) from elsewhere and store them with this machine’s results',
    )
    .argument('[files...]', 'Mountbench run files (JSON)');
  addHyperfineOptions(command).action(async (files: string[], flags: HyperfineFlags) => {
    if (flags.hyperfine !== undefined) {
      if (files.length)
        throw new MountbenchError('BAD_INPUT', 'import either run files or one --hyperfine file, not both');
      return importHyperfineAction(flags, io);
    }
    if (files.length === 0)
      throw new MountbenchError('BAD_INPUT', 'nothing to import: give run files, or --hyperfine FILE');
    const folder = io.resultsDir();
    let failed = 0;
    for (const file of files) {
      try {
        const outcome = await importRunFile(file, folder);
        io.out(
          outcome.status === 'imported'
            ? `imported run ${outcome.id} from ${file}\n`
            : `run ${outcome.id} is already imported (${outcome.file}); nothing changed\n`,
        );
      } catch (err) {
        failed += 1;
        io.err(`mountbench: ${err instanceof Error ? err.message : String(err)}\n`);
      }
    }
    if (failed) {
      io.err(`${failed} of ${files.length} file(s) not imported; nothing already stored was changed\n`);
      process.exitCode = 1;
    }
  });
}
