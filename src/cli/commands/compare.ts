// `mountbench compare FILE... [--published] [--markdown]`: runs from several files or machines, and
// the published figures, side by side per workload and machine (and run, for a machine with several).
import type { Command } from 'commander';
import type { ComparisonRow } from '../../shared/comparison';
import { MountbenchError } from '../../shared/errors';
import { comparisonMarkdown, comparisonText, publishedRows, rowsFromRun } from '../../core/compare';
import { groupRowsByRun } from '../output/compare-by-run';
import { loadRunArgument } from './export';
import { defaultResultsIo, type ResultsCommandIo } from './results';

export function registerCompareCommand(program: Command, io: ResultsCommandIo = defaultResultsIo): void {
  program
    .command('compare')
    .description(
      'compare runs side by side (per workload and machine), optionally with the published figures',
    )
    .argument('[runs...]', 'run files, or ids of stored runs')
    .option('--published', 'add the published figures that ship with Mountbench')
    .option('--markdown', 'print Markdown tables')
    .action(async (args: string[], flags: { published?: boolean; markdown?: boolean }) => {
      if (args.length === 0 && !flags.published) {
        throw new MountbenchError('BAD_INPUT', 'nothing to compare: give run files or ids, or --published');
      }
      const folder = io.resultsDir();
      const rows: ComparisonRow[] = [];
      for (const arg of args) rows.push(...rowsFromRun(await loadRunArgument(arg, folder)));
      if (flags.published) rows.push(...publishedRows());
      // Each run of a machine compared with itself apart: "vs fastest" within a run.
      const grouped = groupRowsByRun(rows);
      io.out(flags.markdown ? comparisonMarkdown(grouped) : comparisonText(grouped));
    });
}
