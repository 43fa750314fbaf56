// `mountbench import FILE...`: validated copies of colleagues' run files into the results folder.
// Each file stands alone: a bad one is reported and skipped, the others still import.
import type { Command } from 'commander';
import { importRunFile } from '../../core/store';
import { defaultResultsIo, type ResultsCommandIo } from './results';

export function registerImportCommand(program: Command, io: ResultsCommandIo = defaultResultsIo): void {
  program
    .command('import')
    .description('check run files from elsewhere and store them with this machine’s results')
    .argument('<files...>', 'Mountbench run files (JSON)')
    .action(async (files: string[]) => {
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
