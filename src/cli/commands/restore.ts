// `mountbench restore`: finish what an interrupted sweep left: settings files back byte for byte,
// products in the running/stopped state they had, the Docker context as it was.
import type { Command } from 'commander';
import { productContext } from '../../core/app/products';
import { describeRestoreReport, restoreEverything } from '../../core/sweep';

export function registerRestoreCommand(program: Command): void {
  program
    .command('restore')
    .description('Put back every setting an interrupted sweep changed (from the journal in the data folder)')
    .option('--json', 'print the report as JSON')
    .action(async (options: { json?: boolean }) => {
      const report = await restoreEverything(await productContext());
      process.stdout.write(
        options.json ? `${JSON.stringify(report, null, 2)}\n` : `${describeRestoreReport(report)}\n`,
      );
      if (report.journals.some((j) => !j.finished)) process.exitCode = 1;
    });
}
