// `mountbench publish --to <repo> [--branch <b>] [--label <text>] [--dry-run] <run-id|file>...`:
// the shared copy of each run (what docs/team.md lists, nothing else) into the team's dataset.
// `--dry-run` prints exactly the bytes that would be sent and sends nothing.
import type { Command } from 'commander';
import { cacheDir, dataDir } from '../../core/store';
import { previewPublish, publish, DEFAULT_BRANCH, checkLabel } from '../../core/team';
import { printable } from '../../shared/printable';
import type { RunFile } from '../../shared/result-schema';
import { loadRunArgument } from './export';
import { defaultResultsIo, type ResultsCommandIo } from './results';

interface PublishFlags {
  to: string;
  branch?: string;
  label?: string;
  dryRun?: boolean;
  json?: boolean;
}

export function registerPublishCommand(program: Command, io: ResultsCommandIo = defaultResultsIo): void {
  program
    .command('publish')
    .description(
      'share runs with the team: an anonymous copy of each (no paths, host or user names) into a dataset in a git repository or a folder',
    )
    .argument('<runs...>', 'run ids from `mountbench results`, or run files')
    .requiredOption('--to <repo>', 'the dataset: a git URL, a local git repository, or a plain folder')
    .option('--branch <branch>', `the dataset's branch in a git repository (default ${DEFAULT_BRANCH})`)
    .option('--label <text>', 'a name for this machine in the dataset, e.g. "Build Mac 3" (default: none)')
    .option('--dry-run', 'print exactly what would be sent, and send nothing')
    .option('--json', 'print the outcome as JSON')
    .action(async (args: string[], flags: PublishFlags) => {
      const label = checkLabel(flags.label);
      const runs: RunFile[] = [];
      for (const arg of args) runs.push(await loadRunArgument(arg, io.resultsDir()));
      const dataDirectory = dataDir();
      if (flags.dryRun) {
        const preview = await previewPublish({ runs, label, dataDirectory });
        for (const file of preview.files) {
          // The header on stderr, the bytes on stdout: `--dry-run > run.json` is the file itself.
          io.err(`==> ${file.path} <==\n`);
          io.out(file.text);
        }
        io.err(
          `dry run: ${preview.files.length} run(s) shown, nothing sent` +
            (preview.machineId ? '\n' : ' (this machine gets its id, m-…, at its first publish)\n'),
        );
        return;
      }
      const outcome = await publish({
        runs,
        label,
        dataDirectory,
        cacheDirectory: cacheDir(),
        to: flags.to,
        branch: flags.branch,
      });
      if (flags.json) {
        io.out(`${JSON.stringify(outcome, null, 2)}\n`);
        return;
      }
      for (const file of outcome.files)
        io.out(
          file.status === 'published'
            ? `published run ${file.runId} as ${file.path}\n`
            : `run ${file.runId} is already in the dataset (${file.path}); nothing changed\n`,
        );
      const where = outcome.branch ? `${outcome.dataset}, branch ${outcome.branch}` : outcome.dataset;
      io.out(
        printable(
          outcome.commit
            ? `dataset ${where}: commit ${outcome.commit.slice(0, 12)} (pushed on attempt ${outcome.attempts})\n`
            : `dataset ${where}: machine ${outcome.machineId}\n`,
          '\n',
        ),
      );
    });
}
